import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import * as MESSAGES from '@domain/messages';
import { AVATAR_MAX_BYTES, AVATAR_MAX_LABEL, AVATAR_UPLOAD_TIMEOUT_MS, PROFILE_FIELD_MESSAGES, isAvatarContentType } from '@domain/profile-settings';
import { afterIdForDrop, afterIdForStep } from '@domain/ordering';
import { MAX_CONCEPT_CAPTION_LENGTH, MAX_CONCEPT_NOTE_LENGTH, checkConceptCaption, checkConceptNote, reorderConcepts } from '@domain/project-concepts';
import {
  ConceptsAddNoteDocument,
  ConceptsAddPostDocument,
  ConceptsBoardDocument,
  ConceptsDeleteDocument,
  ConceptsMoveDocument,
  ConceptsUpdateDocument,
  type ConceptCardFragment,
} from '@gql/graphql';
import { serverRefusal } from '@shell/serverError';
import { ConfirmDialog } from '@ui/ConfirmDialog';
import { EmptyState } from '@ui/EmptyState';
import { Modal } from '@ui/Modal';
import { PostPicture } from '@ui/PostPicture';
import { ReorderButtons, useDragReorder, useRefocusAfterMove, type StepDirection } from '@ui/reorderable';
import { TextField } from '@ui/TextField';
import { useToast } from '@ui/toastContext';
import type { ProjectTabProps } from './types';
import './concepts.css';

/** Concepts asked for per page: the API's largest page, so most boards come in one. */
const PAGE_SIZE = 100;
/** Stable options for every change: the board is read again, in its new order. */
const REFETCH_BOARD = { refetchQueries: ['ConceptsBoard'], awaitRefetchQueries: true };
const DRAG_TYPE = 'application/x-byline-concept';

function refusalMessage(error: unknown): string {
  return serverRefusal(error)?.message ?? MESSAGES.somethingWentWrong;
}

/** How a concept is named to a screen reader: its caption, else what it is. */
function conceptLabel(concept: ConceptCardFragment): string {
  if (concept.caption) return concept.caption;
  if (concept.kind === 'NOTE') return `Note: ${(concept.note ?? '').slice(0, 40)}`;
  if (concept.kind === 'POST') return concept.post?.caption ? `Post: ${concept.post.caption.slice(0, 40)}` : 'Post';
  return 'Picture';
}

/**
 * Sends a picture to `POST /api/projects/{databaseId}/concepts/picture` as the raw body, as the
 * profile picture is sent (features/settings): same types, size and timeout.
 */
async function uploadConceptPicture(projectDatabaseId: number, file: File): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`/api/projects/${projectDatabaseId}/concepts/picture`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': file.type },
      credentials: 'same-origin',
      body: file,
      signal: AbortSignal.timeout(AVATAR_UPLOAD_TIMEOUT_MS),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') throw new Error(MESSAGES.timeout, { cause: error });
    throw new Error(MESSAGES.somethingWentWrong, { cause: error });
  }
  const answer = (await response.json().catch(() => null)) as { success?: boolean; message?: string } | null;
  if (!response.ok || !answer?.success) throw new Error(answer?.message ?? MESSAGES.unexpected);
}

interface AddAreaProps {
  projectId: string;
  projectDatabaseId: number;
  onAdded: () => Promise<unknown>;
}

/** Editors' three ways onto the board: a picture, a post link, a note (docs/product.md §Projects). */
function AddArea({ projectId, projectDatabaseId, onAdded }: AddAreaProps) {
  const toast = useToast();
  const pictureId = useId();
  const pictureHintId = useId();
  const noteId = useId();
  const [url, setUrl] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<{ field: 'picture' | 'post' | 'note'; message: string } | null>(null);
  const [busy, setBusy] = useState<'picture' | 'post' | 'note' | null>(null);
  const [addNote] = useMutation(ConceptsAddNoteDocument, REFETCH_BOARD);
  const [addPost] = useMutation(ConceptsAddPostDocument, REFETCH_BOARD);

  async function onChoosePicture(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    if (!isAvatarContentType(file.type)) return setProblem({ field: 'picture', message: PROFILE_FIELD_MESSAGES.avatarType });
    if (file.size > AVATAR_MAX_BYTES) return setProblem({ field: 'picture', message: PROFILE_FIELD_MESSAGES.avatarTooLarge });
    setProblem(null);
    setBusy('picture');
    try {
      await uploadConceptPicture(projectDatabaseId, file);
      await onAdded();
      toast.success('Picture added to the board.');
    } catch (error) {
      setProblem({ field: 'picture', message: error instanceof Error ? error.message : MESSAGES.somethingWentWrong });
    } finally {
      setBusy(null);
    }
  }

  async function onAddPost(event: FormEvent) {
    event.preventDefault();
    if (!url.trim()) return setProblem({ field: 'post', message: 'Paste a link to a post.' });
    setProblem(null);
    setBusy('post');
    try {
      await addPost({ variables: { input: { projectId, url: url.trim() } } });
      setUrl('');
      toast.success('Post added to the board.');
    } catch (error) {
      setProblem({ field: 'post', message: refusalMessage(error) });
    } finally {
      setBusy(null);
    }
  }

  async function onAddNote(event: FormEvent) {
    event.preventDefault();
    const checked = checkConceptNote(note);
    if ('error' in checked) return setProblem({ field: 'note', message: checked.error });
    setProblem(null);
    setBusy('note');
    try {
      await addNote({ variables: { input: { projectId, note: checked.note } } });
      setNote('');
      toast.success('Note added to the board.');
    } catch (error) {
      setProblem({ field: 'note', message: refusalMessage(error) });
    } finally {
      setBusy(null);
    }
  }

  const problemFor = (field: 'picture' | 'post' | 'note') => (problem?.field === field ? problem.message : null);
  return (
    <section className="concepts__add" aria-labelledby={`${pictureId}-heading`}>
      <h3 id={`${pictureId}-heading`} className="concepts__add-heading">
        Add to the board
      </h3>
      <div className="concepts__add-part">
        <label htmlFor={pictureId} className="button button--outline" aria-disabled={busy === 'picture'}>
          {busy === 'picture' ? 'Uploading…' : 'Upload a picture'}
        </label>
        <input
          id={pictureId}
          className="visually-hidden"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          aria-describedby={pictureHintId}
          disabled={busy === 'picture'}
          onChange={(event) => void onChoosePicture(event)}
        />
        <p id={pictureHintId} className="concepts__hint">
          JPEG, PNG, WebP or GIF, up to {AVATAR_MAX_LABEL}. It is cropped to a square.
        </p>
        {problemFor('picture') && (
          <p className="concepts__problem" role="alert">
            {problemFor('picture')}
          </p>
        )}
      </div>
      <form className="concepts__add-part" onSubmit={(event) => void onAddPost(event)}>
        <TextField label="Link to a post" type="url" value={url} onChange={setUrl} placeholder="https://…" error={problemFor('post')} />
        <button type="submit" className="button button--outline" disabled={busy === 'post'}>
          {busy === 'post' ? 'Adding…' : 'Add post'}
        </button>
      </form>
      <form className="concepts__add-part" onSubmit={(event) => void onAddNote(event)}>
        <label htmlFor={noteId} className="text-field__label">
          Note
        </label>
        <textarea
          id={noteId}
          className="text-input concepts__note-input"
          value={note}
          rows={3}
          maxLength={MAX_CONCEPT_NOTE_LENGTH}
          aria-invalid={problemFor('note') ? true : undefined}
          aria-describedby={problemFor('note') ? `${noteId}-error` : undefined}
          onChange={(event) => setNote(event.target.value)}
        />
        {problemFor('note') && (
          <p id={`${noteId}-error`} className="concepts__problem" role="alert">
            {problemFor('note')}
          </p>
        )}
        <button type="submit" className="button button--outline" disabled={busy === 'note'}>
          {busy === 'note' ? 'Adding…' : 'Add note'}
        </button>
      </form>
    </section>
  );
}

/** Changing a concept's caption, or a note's text. */
function EditConcept({ concept, onClose }: { concept: ConceptCardFragment; onClose: () => void }) {
  const toast = useToast();
  const noteId = useId();
  const [caption, setCaption] = useState(concept.caption ?? '');
  const [note, setNote] = useState(concept.note ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [update, { loading }] = useMutation(ConceptsUpdateDocument);

  async function onSave(event: FormEvent) {
    event.preventDefault();
    const checkedCaption = checkConceptCaption(caption);
    if ('error' in checkedCaption) return setProblem(checkedCaption.error);
    const checkedNote = concept.kind === 'NOTE' ? checkConceptNote(note) : null;
    if (checkedNote && 'error' in checkedNote) return setProblem(checkedNote.error);
    try {
      await update({ variables: { input: { conceptId: concept.id, caption: checkedCaption.caption, ...(checkedNote ? { note: checkedNote.note } : {}) } } });
      toast.success('Saved.');
      onClose();
    } catch (error) {
      setProblem(refusalMessage(error));
    }
  }

  return (
    <Modal title="Edit concept" onClose={onClose}>
      <form className="concepts__edit" onSubmit={(event) => void onSave(event)}>
        {concept.kind === 'NOTE' && (
          <>
            <label htmlFor={noteId} className="text-field__label">
              Note
            </label>
            <textarea id={noteId} className="text-input concepts__note-input" value={note} rows={5} maxLength={MAX_CONCEPT_NOTE_LENGTH} onChange={(event) => setNote(event.target.value)} />
          </>
        )}
        <TextField label="Caption" value={caption} onChange={setCaption} maxLength={MAX_CONCEPT_CAPTION_LENGTH} hint={`Optional, up to ${MAX_CONCEPT_CAPTION_LENGTH} characters.`} />
        {problem && (
          <p className="concepts__problem" role="alert">
            {problem}
          </p>
        )}
        <div className="concepts__edit-actions">
          <button type="button" className="button button--outline" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={loading}>
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}

interface ConceptCardProps {
  concept: ConceptCardFragment;
  index: number;
  count: number;
  canEdit: boolean;
  onMove: (conceptId: string, direction: StepDirection) => void;
  onDropOn: (targetId: string, draggedId: string) => void;
  onEdit: (concept: ConceptCardFragment) => void;
  onDelete: (concept: ConceptCardFragment) => void;
}

function ConceptCard({ concept, index, count, canEdit, onMove, onDropOn, onEdit, onDelete }: ConceptCardProps) {
  const label = conceptLabel(concept);
  const { dropping, dragProps } = useDragReorder<HTMLLIElement>(DRAG_TYPE, concept.id, canEdit, onDropOn);
  return (
    <li className={`concepts__card${dropping ? ' concepts__card--drop' : ''}`} aria-label={label} data-testid="concept-card" {...dragProps}>
      {concept.kind === 'PICTURE' && concept.pictureUrl && <img className="concepts__picture" src={concept.pictureUrl} alt={concept.caption ?? 'Reference picture'} width={320} height={320} loading="lazy" />}
      {concept.kind === 'POST' && (
        <a className="concepts__post" href={concept.post ? `/posts/${concept.post.databaseId}` : (concept.postUrl ?? '#')}>
          <PostPicture className="concepts__picture" src={concept.post?.thumbnailUrl} network={concept.post?.network ?? { title: 'Post' }} width={320} height={320} lazy />
          <span className="concepts__post-caption">{concept.post ? (concept.post.caption ?? 'Untitled post') : 'Post preview not available yet'}</span>
        </a>
      )}
      {concept.kind === 'NOTE' && <p className="concepts__note">{concept.note}</p>}
      {concept.caption && <p className="concepts__caption">{concept.caption}</p>}
      {canEdit && (
        <div className="concepts__actions">
          <ReorderButtons idPrefix={conceptButtonsId(concept.id)} label={label} index={index} count={count} className="button button--outline concepts__action" onMove={(direction) => onMove(concept.id, direction)} />
          <button type="button" className="button button--outline concepts__action" aria-label={`Edit ${label}`} onClick={() => onEdit(concept)}>
            Edit
          </button>
          <button type="button" className="button button--outline concepts__action" aria-label={`Delete ${label}`} onClick={() => onDelete(concept)}>
            Delete
          </button>
        </div>
      )}
    </li>
  );
}

/** Where a concept's Earlier and Later buttons are found again after a move. */
function conceptButtonsId(conceptId: string): string {
  return `concept-${conceptId}`;
}

/**
 * The project's board of concepts (docs/product.md §Projects): pictures, posts and notes in a
 * grid, in the order its editors arrange them by dragging or with the Earlier/Later buttons.
 */
export default function ConceptsTab({ projectId, can }: ProjectTabProps) {
  const toast = useToast();
  const { data, loading, error, fetchMore, refetch } = useQuery(ConceptsBoardDocument, { variables: { projectId, first: PAGE_SIZE } });
  const [move] = useMutation(ConceptsMoveDocument, REFETCH_BOARD);
  const [remove] = useMutation(ConceptsDeleteDocument, REFETCH_BOARD);
  /** The order shown while a move is on its way, so the card moves at once. */
  const [pendingOrder, setPendingOrder] = useState<string[] | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [editing, setEditing] = useState<ConceptCardFragment | null>(null);
  const [deleting, setDeleting] = useState<ConceptCardFragment | null>(null);
  const refocusAfterMove = useRefocusAfterMove();

  const project = data?.node?.__typename === 'Project' ? data.node : null;
  const loaded = project?.concepts.nodes ?? [];
  const byId = new Map(loaded.map((concept) => [concept.id, concept]));
  const concepts = pendingOrder ? pendingOrder.map((id) => byId.get(id)).filter((concept): concept is ConceptCardFragment => concept !== undefined) : loaded;
  const ids = concepts.map((concept) => concept.id);

  async function moveTo(conceptId: string, afterId: string | null) {
    const order = reorderConcepts(ids, conceptId, afterId);
    if (!order) return;
    const concept = byId.get(conceptId);
    setPendingOrder(order);
    try {
      await move({ variables: { input: { conceptId, afterConceptId: afterId } } });
      if (concept) setAnnouncement(`${conceptLabel(concept)} moved to position ${order.indexOf(conceptId) + 1} of ${order.length}.`);
    } catch (failure) {
      toast.error(refusalMessage(failure));
      setAnnouncement('The concept could not be moved.');
    } finally {
      setPendingOrder(null);
    }
  }

  function onMove(conceptId: string, direction: StepDirection) {
    const afterId = afterIdForStep(ids, conceptId, direction);
    if (afterId === undefined) return;
    refocusAfterMove(conceptButtonsId(conceptId), direction);
    void moveTo(conceptId, afterId);
  }

  async function onConfirmDelete() {
    const concept = deleting;
    setDeleting(null);
    if (!concept) return;
    try {
      await remove({ variables: { input: { conceptId: concept.id } } });
      setAnnouncement(`${conceptLabel(concept)} deleted.`);
      toast.success('Concept deleted.');
    } catch (failure) {
      toast.error(refusalMessage(failure));
    }
  }

  const showMore = () =>
    void fetchMore({
      variables: { after: project?.concepts.pageInfo.endCursor },
      updateQuery: (previous, { fetchMoreResult }) => {
        const before = previous.node?.__typename === 'Project' ? previous.node : null;
        const next = fetchMoreResult.node?.__typename === 'Project' ? fetchMoreResult.node : null;
        if (!before || !next) return previous as typeof fetchMoreResult;
        return { ...fetchMoreResult, node: { ...next, concepts: { ...next.concepts, nodes: [...before.concepts.nodes, ...next.concepts.nodes] } } };
      },
    });

  if (error && !data) return <p className="concepts__problem" role="alert">{refusalMessage(error)}</p>;
  if (loading && !data) return <p className="concepts__loading">Loading the board…</p>;
  if (!project) return <p className="concepts__problem" role="alert">Project not found</p>;

  return (
    <div className="concepts">
      {can.edit && <AddArea projectId={projectId} projectDatabaseId={project.databaseId} onAdded={() => refetch()} />}
      {concepts.length === 0 ? (
        <EmptyState title="No concepts yet.">{can.edit ? 'Add pictures, post links and notes the production works from.' : 'The people making this project have not added references yet.'}</EmptyState>
      ) : (
        <ol className="concepts__grid" aria-label="Concepts">
          {concepts.map((concept, index) => (
            <ConceptCard
              key={concept.id}
              concept={concept}
              index={index}
              count={concepts.length}
              canEdit={can.edit}
              onMove={onMove}
              onDropOn={(targetId, draggedId) => {
                refocusAfterMove(null);
                void moveTo(draggedId, afterIdForDrop(ids, draggedId, targetId));
              }}
              onEdit={setEditing}
              onDelete={setDeleting}
            />
          ))}
        </ol>
      )}
      {project.concepts.pageInfo.hasNextPage && (
        <button type="button" className="button button--outline" onClick={showMore}>
          Show more
        </button>
      )}
      <p className="visually-hidden" aria-live="polite" role="status">
        {announcement}
      </p>
      {editing && <EditConcept concept={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog open={deleting !== null} title="Delete this concept?" yesLabel="Delete" noLabel="Keep" primary="no" onYes={() => void onConfirmDelete()} onNo={() => setDeleting(null)}>
        <p>{deleting ? `“${conceptLabel(deleting)}” leaves the board for everyone on the project.` : null}</p>
      </ConfirmDialog>
    </div>
  );
}
