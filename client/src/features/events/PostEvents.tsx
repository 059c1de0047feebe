import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import * as MESSAGES from '@domain/messages';
import { AddPostEventDocument, EventChoicesDocument, PostEventsDocument, RemovePostEventDocument } from '@gql/graphql';
import { Link } from '@router';
import { useToast } from '@ui/toastContext';
import { serverRefusal } from '@shell/serverError';
import './events.css';

/** The tagging form: only for whoever may credit others on the post (the server checks it again). */
function TagWithEvent({ postId, taggedIds }: { postId: string; taggedIds: ReadonlySet<string> }) {
  const selectId = useId();
  const toast = useToast();
  const { data } = useQuery(EventChoicesDocument);
  const [chosen, setChosen] = useState('');
  const [add, { loading }] = useMutation(AddPostEventDocument);
  const choices = (data?.events.nodes ?? []).filter((event) => !taggedIds.has(event.id));
  if (choices.length === 0) return null;
  const submit = async (formEvent: FormEvent) => {
    formEvent.preventDefault();
    if (!chosen) return;
    try {
      await add({ variables: { input: { postId, eventId: chosen } } });
      setChosen('');
    } catch (error) {
      toast.error(serverRefusal(error)?.message ?? MESSAGES.unexpected);
    }
  };
  return (
    <form className="post-events__form" onSubmit={(formEvent) => void submit(formEvent)}>
      <label htmlFor={selectId}>Tag with an event</label>
      <select id={selectId} value={chosen} onChange={(change) => setChosen(change.target.value)}>
        <option value="">Choose an event</option>
        {choices.map((event) => (
          <option key={event.id} value={event.id}>
            {event.name}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--outline button--small" disabled={!chosen || loading}>
        Add event
      </button>
    </form>
  );
}

/**
 * docs/product.md §Events: the events a post was made at, linking to their pages; whoever may
 * credit others on the post may add one or take one off.
 */
export function PostEvents({ postDatabaseId }: { postDatabaseId: number }) {
  const headingId = useId();
  const toast = useToast();
  const { data } = useQuery(PostEventsDocument, { variables: { databaseId: postDatabaseId } });
  const [remove, { loading: removing }] = useMutation(RemovePostEventDocument);
  const post = data?.postByDatabaseId;
  if (!post) return null;
  const mayTag = post.viewerCan.addCredit;
  if (post.events.length === 0 && !mayTag) return null;
  const takeOff = async (eventId: string) => {
    try {
      await remove({ variables: { input: { postId: post.id, eventId } } });
    } catch (error) {
      toast.error(serverRefusal(error)?.message ?? MESSAGES.unexpected);
    }
  };
  return (
    <section className="post-events" aria-labelledby={headingId}>
      <h2 id={headingId}>Events</h2>
      {post.events.length > 0 && (
        <ul className="post-events__list">
          {post.events.map((event) => (
            <li key={event.id}>
              <Link to={`/${event.slug}`}>{event.name}</Link>
              {mayTag && (
                <button type="button" className="button button--outline button--small" disabled={removing} onClick={() => void takeOff(event.id)} aria-label={`Remove ${event.name}`}>
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {mayTag && <TagWithEvent postId={post.id} taggedIds={new Set(post.events.map((event) => event.id))} />}
    </section>
  );
}
