import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import * as MESSAGES from '@domain/messages';
import { eventDatesLabel } from '@domain/events';
import { placeLabel } from '@domain/places';
import { AVATAR_UPLOAD_TIMEOUT_MS, PROFILE_FIELD_MESSAGES, isAvatarContentType } from '@domain/profile-settings';
import { AdminEventsDocument, CreateEventDocument, UpdateEventDocument, type AdminEventFragment } from '@gql/graphql';
import { Link } from '@router';
import { serverRefusal } from '@shell/serverError';
import { PageFrame } from '@ui/PageFrame';
import { PlaceCombobox } from '@ui/PlaceCombobox';
import { useToast } from '@ui/toastContext';
import { AdminNav } from './AdminNav';
import { AdminOnly } from './AdminOnly';
import './admin.css';

interface Draft {
  name: string;
  slug: string;
  startsOn: string;
  endsOn: string;
  placeText: string;
  place: { name: string; geohash: string } | null;
  coverAlt: string;
}

const EMPTY: Draft = { name: '', slug: '', startsOn: '', endsOn: '', placeText: '', place: null, coverAlt: '' };

function draftOf(event: AdminEventFragment): Draft {
  const place = event.placeName && event.placeGeohash ? { name: event.placeName, geohash: event.placeGeohash } : null;
  return { name: event.name, slug: event.slug, startsOn: event.startsOn, endsOn: event.endsOn, placeText: event.placeName ?? '', place, coverAlt: event.coverAlt ?? '' };
}

/** Sends the chosen picture as the raw body, as the profile picture's upload does. */
async function uploadCover(eventDatabaseId: number, file: File): Promise<string | null> {
  if (!isAvatarContentType(file.type)) return PROFILE_FIELD_MESSAGES.avatarType;
  const response = await fetch(`/api/events/${eventDatabaseId}/cover`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': file.type },
    credentials: 'same-origin',
    body: file,
    signal: AbortSignal.timeout(AVATAR_UPLOAD_TIMEOUT_MS),
  });
  if (response.ok) return null;
  const answer = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  return answer?.error?.message ?? MESSAGES.unexpected;
}

/** Create or edit one event: its name, address, days, city and cover. */
function EventForm({ event, onDone }: { event: AdminEventFragment | null; onDone: () => void }) {
  const ids = { name: useId(), slug: useId(), startsOn: useId(), endsOn: useId(), place: useId(), cover: useId(), coverAlt: useId() };
  const toast = useToast();
  const [draft, setDraft] = useState<Draft>(event ? draftOf(event) : EMPTY);
  const [cover, setCover] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [create, { loading: creating }] = useMutation(CreateEventDocument, { refetchQueries: [AdminEventsDocument] });
  const [update, { loading: updating }] = useMutation(UpdateEventDocument);
  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));

  const submit = async (formEvent: FormEvent) => {
    formEvent.preventDefault();
    setProblem(null);
    // A typed city that was not picked from the list is no place: clearing the box clears it.
    const place = draft.placeText.trim() === '' ? null : draft.place;
    const fields = { name: draft.name, slug: draft.slug, startsOn: draft.startsOn, endsOn: draft.endsOn, place, coverAlt: draft.coverAlt.trim() || null };
    try {
      const saved = event ? (await update({ variables: { input: { id: event.id, ...fields } } })).data?.updateEvent.event : (await create({ variables: { input: fields } })).data?.createEvent.event;
      if (!saved) throw new Error('no answer');
      if (cover) {
        const refused = await uploadCover(saved.databaseId, cover);
        if (refused) {
          setProblem(refused);
          return;
        }
      }
      toast.success(event ? 'Event saved.' : 'Event created.');
      onDone();
    } catch (error) {
      setProblem(serverRefusal(error)?.message ?? MESSAGES.unexpected);
    }
  };

  return (
    <form className="admin-event-form" onSubmit={(formEvent) => void submit(formEvent)} aria-label={event ? `Edit ${event.name}` : 'New event'}>
      <label htmlFor={ids.name}>Name</label>
      <input id={ids.name} value={draft.name} onChange={(change) => set({ name: change.target.value })} required maxLength={200} />
      <label htmlFor={ids.slug}>Address (byline/…)</label>
      <input id={ids.slug} value={draft.slug} onChange={(change) => set({ slug: change.target.value })} required maxLength={40} />
      <label htmlFor={ids.startsOn}>First day</label>
      <input id={ids.startsOn} type="date" value={draft.startsOn} onChange={(change) => set({ startsOn: change.target.value })} required />
      <label htmlFor={ids.endsOn}>Last day</label>
      <input id={ids.endsOn} type="date" value={draft.endsOn} onChange={(change) => set({ endsOn: change.target.value })} required />
      <label htmlFor={ids.place}>City</label>
      <PlaceCombobox
        id={ids.place}
        text={draft.placeText}
        onTextChange={(text) => set({ placeText: text })}
        onPick={(picked) => set({ placeText: placeLabel(picked), place: { name: placeLabel(picked), geohash: picked.geohash } })}
        pickedText={draft.place?.name ?? null}
      />
      <label htmlFor={ids.cover}>Cover picture</label>
      <input id={ids.cover} type="file" accept="image/jpeg,image/png,image/webp,image/gif" onChange={(change) => setCover(change.target.files?.[0] ?? null)} />
      <label htmlFor={ids.coverAlt}>What the cover shows</label>
      <input id={ids.coverAlt} value={draft.coverAlt} onChange={(change) => set({ coverAlt: change.target.value })} maxLength={300} />
      {problem && (
        <p role="alert" className="admin-event-form__problem">
          {problem}
        </p>
      )}
      <div className="admin-event-form__actions">
        <button type="submit" className="button button--primary" disabled={creating || updating}>
          {event ? 'Save event' : 'Create event'}
        </button>
        <button type="button" className="button button--outline" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function EventsList() {
  const { data, loading, error } = useQuery(AdminEventsDocument);
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  if (loading && !data) return <p aria-busy="true">Loading events…</p>;
  if (error || !data) return <p role="alert">{MESSAGES.unexpected}</p>;
  return (
    <>
      {editing === 'new' ? (
        <EventForm event={null} onDone={() => setEditing(null)} />
      ) : (
        <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
          New event
        </button>
      )}
      <ul className="admin-events" data-testid="admin-events">
        {data.events.nodes.map((event) => (
          <li key={event.id}>
            {editing === event.id ? (
              <EventForm event={event} onDone={() => setEditing(null)} />
            ) : (
              <>
                <h2>
                  <Link to={`/${event.slug}`}>{event.name}</Link>
                </h2>
                <p>
                  /{event.slug} · {eventDatesLabel(event.startsOn, event.endsOn)}
                  {event.placeName && ` · ${event.placeName}`}
                </p>
                <button type="button" className="button button--outline button--small" onClick={() => setEditing(event.id)} aria-label={`Edit ${event.name}`}>
                  Edit
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/** docs/product.md §Events: admins create and edit events; everyone else gets the not-found page. */
export default function AdminEventsPage() {
  return (
    <AdminOnly>
      <PageFrame heading="Events" purpose="Events have a public page at their address, listing the posts tagged with them and the people credited on those posts.">
        <AdminNav />
        <EventsList />
      </PageFrame>
    </AdminOnly>
  );
}
