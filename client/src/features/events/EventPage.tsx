import { useQuery } from '@apollo/client/react';
import { lazy } from 'react';
import * as MESSAGES from '@domain/messages';
import { eventDatesLabel } from '@domain/events';
import { EventPageDocument, type EventPageQuery } from '@gql/graphql';
import { Link } from '@router';
import { Avatar } from '@ui/Avatar';
import { Part } from '@ui/Part';
import { Skeleton } from '@ui/Skeleton';
import { usePageHead } from '@shell/PageHeadContext';
import { EventPosts } from './EventPosts';
import './events.css';

// Only an unknown name shows it, so an event's first load does not carry it.
const NotFoundPage = lazy(() => import('@shell/NotFoundPage'));

type EventDetails = NonNullable<EventPageQuery['event']>;

function Loading() {
  return (
    <section className="page" aria-busy="true">
      <Skeleton shape="card" lines={2} label="Loading event…" />
    </section>
  );
}

function People({ people }: { people: EventDetails['people'] }) {
  if (people.length === 0) return null;
  return (
    <section className="event__section" aria-labelledby="event-people">
      <h2 id="event-people">Credited at this event</h2>
      <ul className="event__people" data-testid="event-people">
        {people.map((person) => {
          const name = person.name ?? `@${person.username ?? ''}`;
          return (
            <li key={person.id}>
              <Avatar name={person.name} avatarUrl={person.avatarUrl} />
              {person.username ? <Link to={`/${person.username}`}>{name}</Link> : <span>{name}</span>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function EventView({ event }: { event: EventDetails }) {
  const when = eventDatesLabel(event.startsOn, event.endsOn);
  usePageHead({ title: event.name, description: `${event.name}: ${when}${event.placeName ? `, ${event.placeName}` : ''}.`, image: event.coverUrl ?? undefined });
  return (
    <article className="page event" aria-labelledby="event-name">
      <header className="event__header">
        {event.coverUrl && <img className="event__cover" src={event.coverUrl} alt={event.coverAlt ?? ''} width={512} height={512} />}
        <div>
          <h1 id="event-name">{event.name}</h1>
          <p className="event__facts">
            <time dateTime={event.startsOn}>{when}</time>
            {event.placeName && <span> · {event.placeName}</span>}
          </p>
          <p>
            <Link to={`/explore?${new URLSearchParams({ tags: `${event.name}~${event.tagDatabaseId}` }).toString()}`}>Explore its posts</Link>
          </p>
        </div>
      </header>
      <People people={event.people} />
      <EventPosts slug={event.slug} />
    </article>
  );
}

/**
 * docs/product.md §Events: the page of the event at /{slug}, open to everyone. Reached through the
 * /:username route when no one has that name; a name that is no event either is not found.
 */
export function EventPage({ slug }: { slug: string }) {
  const { data, loading, error } = useQuery(EventPageDocument, { variables: { slug } });
  if (loading && !data) return <Loading />;
  if (error || !data) {
    return (
      <section className="page">
        <p role="alert">{MESSAGES.unexpected}</p>
      </section>
    );
  }
  if (!data.event) {
    return (
      <Part fallback={<Loading />}>
        <NotFoundPage />
      </Part>
    );
  }
  return <EventView event={data.event} />;
}
