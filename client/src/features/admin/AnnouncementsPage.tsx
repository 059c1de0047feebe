import { useLazyQuery, useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ANNOUNCEMENT_BODY_MAX, ANNOUNCEMENT_TITLE_MAX, announcementProblems, type AnnouncementDraft, type AnnouncementField } from '@domain/announcements';
import * as MESSAGES from '@domain/messages';
import { MarkdownBody } from '@features/content';
import { AnnouncementPreviewDocument, AnnouncementsDocument, SendAnnouncementDocument, type AnnouncementPreviewQuery, type AnnouncementRowFragment } from '@gql/graphql';
import { ConfirmDialog } from '@ui/ConfirmDialog';
import { DateText } from '@ui/DateText';
import { PageFrame } from '@ui/PageFrame';
import { TextField } from '@ui/TextField';
import { useToast } from '@ui/toastContext';
import { AdminNav } from './AdminNav';
import { AdminOnly } from './AdminOnly';
import './Announcements.css';

/** Enough for the page: announcements are rare (a handful a month). */
const LIST_SIZE = 50;
/** While one is still being delivered, its reach is asked for again this often. */
const SENDING_POLL_MS = 3_000;
const EMPTY: AnnouncementDraft = { title: '', body: '', link: '' };

type Preview = AnnouncementPreviewQuery['announcementPreview'];

function errorMessage(failure: unknown): string {
  return failure instanceof Error && failure.message ? failure.message : MESSAGES.unexpected;
}

function ProductNewsCard({ preview }: { preview: Preview }) {
  return (
    <article className="announcement-card" aria-label={`Preview: ${preview.title}`}>
      <h3 className="announcement-card__title">{preview.title}</h3>
      <MarkdownBody html={preview.bodyHtml} />
      {preview.link && (
        <p className="announcement-card__link">
          <a href={preview.link} target={preview.link.startsWith('/') ? undefined : '_blank'} rel="noreferrer">
            {preview.link}
          </a>
        </p>
      )}
    </article>
  );
}

function Reach({ announcement }: { announcement: AnnouncementRowFragment }) {
  const people = `${announcement.reachedCount.toLocaleString('en-US')} ${announcement.reachedCount === 1 ? 'account' : 'accounts'}`;
  return announcement.status === 'SENT' ? (
    <>
      Reached {people}, sent <DateText iso={String(announcement.sentAt ?? announcement.createdAt)} />
    </>
  ) : (
    <>Sending… reached {people} so far</>
  );
}

function SentAnnouncements() {
  const { data, loading, error, startPolling, stopPolling } = useQuery(AnnouncementsDocument, { variables: { first: LIST_SIZE }, fetchPolicy: 'cache-and-network' });
  const nodes = data?.announcements.nodes ?? [];
  const sending = nodes.some((announcement) => announcement.status === 'SENDING');
  // Polls only while a delivery runs: its reach grows batch by batch.
  useEffect(() => {
    if (!sending) return undefined;
    startPolling(SENDING_POLL_MS);
    return () => stopPolling();
  }, [sending, startPolling, stopPolling]);

  let statusText = '';
  if (loading && !data) statusText = 'Loading announcements…';
  else if (data) statusText = data.announcements.totalCount === 0 ? 'No announcement has been sent.' : `${data.announcements.totalCount} sent`;

  return (
    <section aria-labelledby="announcements-sent" className="announcements__sent">
      <h2 id="announcements-sent">Sent</h2>
      <p role="status" className="announcements__status">
        {statusText}
      </p>
      {!data && error && <p role="alert">{MESSAGES.unexpected}</p>}
      {nodes.length > 0 && (
        <ul className="announcements__list">
          {nodes.map((announcement) => (
            <li key={announcement.id} className="announcements__item" data-testid="announcement">
              <h3 className="announcements__item-title">{announcement.title}</h3>
              <p className="announcements__meta">
                <Reach announcement={announcement} />
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Compose, preview and send product news (docs/product.md §Product news). */
function ComposeAnnouncement() {
  const toast = useToast();
  const bodyId = useId();
  const [draft, setDraft] = useState<AnnouncementDraft>(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<AnnouncementField, string>>>({});
  const [preview, setPreview] = useState<Preview | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [loadPreview, previewState] = useLazyQuery(AnnouncementPreviewDocument, { fetchPolicy: 'network-only' });
  const [send, sendState] = useMutation(SendAnnouncementDocument, { refetchQueries: ['Announcements'] });

  const change = (field: AnnouncementField) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    // A preview shows what would be sent: once the words change it no longer does.
    setPreview(null);
    setProblems((current) => ({ ...current, [field]: undefined }));
  };

  const showPreview = async (event: FormEvent) => {
    event.preventDefault();
    const found = announcementProblems(draft);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    try {
      const answer = await loadPreview({ variables: { input: { title: draft.title, body: draft.body, link: draft.link.trim() || null } } });
      if (answer.data) setPreview(answer.data.announcementPreview);
      else toast.error(errorMessage(answer.error));
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };

  const sendNow = async () => {
    setConfirming(false);
    try {
      await send({ variables: { input: { announcement: { title: draft.title, body: draft.body, link: draft.link.trim() || null } } } });
      toast.success('Sending to every account. The list shows how many it reached.');
      setDraft(EMPTY);
      setPreview(null);
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };

  return (
    <>
      <form className="announcements__form" onSubmit={(event) => void showPreview(event)} noValidate>
        <TextField label="Title" value={draft.title} onChange={change('title')} maxLength={ANNOUNCEMENT_TITLE_MAX} required error={problems.title} hint="What the notification says and the mail’s subject." />
        <div className="text-field">
          <label htmlFor={bodyId} className="text-field__label">
            Body
          </label>
          <textarea
            id={bodyId}
            className="text-input announcements__body"
            rows={8}
            required
            maxLength={ANNOUNCEMENT_BODY_MAX}
            value={draft.body}
            onChange={(event) => change('body')(event.target.value)}
            aria-invalid={problems.body ? true : undefined}
            aria-describedby={`${bodyId}-hint${problems.body ? ` ${bodyId}-error` : ''}`}
          />
          <p id={`${bodyId}-hint`} className="text-field__hint">
            Markdown, as in blog posts: **bold**, lists, links. HTML is shown as typed.
          </p>
          {problems.body && (
            <p id={`${bodyId}-error`} className="text-field__error">
              {problems.body}
            </p>
          )}
        </div>
        <TextField label="Link (optional)" value={draft.link} onChange={change('link')} error={problems.link} hint="A path on Byline such as /blog/teams, or an https:// address." />
        <button type="submit" className="button button--outline" disabled={previewState.loading}>
          {previewState.loading ? 'Loading preview…' : 'Preview'}
        </button>
      </form>
      {preview && (
        <section aria-labelledby="announcement-preview" className="announcements__preview">
          <h2 id="announcement-preview">Preview</h2>
          <p className="announcements__status">Every account gets this as its Product news preference says: in the app (the default), by mail, in the daily digest, or not at all.</p>
          <ProductNewsCard preview={preview} />
          <button type="button" className="button" onClick={() => setConfirming(true)} disabled={sendState.loading}>
            {sendState.loading ? 'Sending…' : 'Send to everyone'}
          </button>
        </section>
      )}
      <ConfirmDialog open={confirming} title="Send this announcement?" yesLabel="Send" noLabel="Cancel" onYes={() => void sendNow()} onNo={() => setConfirming(false)}>
        {preview && `“${preview.title}” goes to every account. It cannot be taken back.`}
      </ConfirmDialog>
    </>
  );
}

/** Product news, for admins; everyone else gets the not-found page. */
export default function AnnouncementsPage() {
  return (
    <AdminOnly>
      <PageFrame heading="Announcements" purpose="Write product news, preview it, and send it to every account.">
        <AdminNav />
        <ComposeAnnouncement />
        <SentAnnouncements />
      </PageFrame>
    </AdminOnly>
  );
}
