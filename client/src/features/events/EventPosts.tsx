import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useState } from 'react';
import * as MESSAGES from '@domain/messages';
import { truncate } from '@domain/format';
import { EventPostsDocument, type EventPostsQuery } from '@gql/graphql';
import { Link } from '@router';
import { EmptyState } from '@ui/EmptyState';
import { PostPicture } from '@ui/PostPicture';
import { Skeleton } from '@ui/Skeleton';

const PAGE_SIZE = 12;
const CAPTION_MAX = 90;

type EventPost = NonNullable<EventPostsQuery['event']>['posts']['edges'][number]['node'];

interface PageEnd {
  hasNextPage: boolean;
  endCursor: string | null;
}

/** Who is credited on the post, by role. */
function CreditLine({ credits }: { credits: EventPost['credits']['nodes'] }) {
  const named = credits.filter((credit) => credit.user);
  if (named.length === 0) return null;
  return (
    <p className="event__card-credits">
      {named.map((credit, index) => (
        <span key={credit.id}>
          {index > 0 && ', '}
          <span aria-hidden="true">{credit.role.emoji}</span> <span className="visually-hidden">{credit.role.name}: </span>
          {credit.user?.username ? <Link to={`/${credit.user.username}`}>{credit.user.name ?? `@${credit.user.username}`}</Link> : (credit.user?.name ?? '')}
        </span>
      ))}
    </p>
  );
}

function EventPostCard({ post }: { post: EventPost }) {
  const author = post.account.displayName ?? `@${post.account.handle}`;
  const caption = post.caption ? truncate(post.caption, CAPTION_MAX) : `Post by ${author}`;
  return (
    <li className="event__card" data-testid="event-post">
      <Link to={`/posts/${post.databaseId}`} className="event__card-link">
        <PostPicture className="event__card-picture" src={post.thumbnailUrl} network={post.network} width={320} height={320} lazy />
        <span>{caption}</span>
      </Link>
      <p className="event__muted">
        {post.network.title} · {author}
      </p>
      <CreditLine credits={post.credits.nodes} />
    </li>
  );
}

/** One page of posts, its own cached query, so "Show more" adds a page without touching the others. */
function PostsPage({ slug, after, onEnd }: { slug: string; after: string | null; onEnd: ((end: PageEnd) => void) | null }) {
  const { data, error } = useQuery(EventPostsDocument, { variables: { slug, first: PAGE_SIZE, after } });
  const connection = data?.event?.posts;
  const hasNextPage = connection?.pageInfo.hasNextPage ?? false;
  const endCursor = connection?.pageInfo.endCursor ?? null;
  const loaded = connection !== undefined;
  useEffect(() => {
    if (onEnd && loaded) onEnd({ hasNextPage, endCursor });
  }, [onEnd, loaded, hasNextPage, endCursor]);
  if (error && !connection) {
    return (
      <li className="event__note" role="alert">
        {MESSAGES.unexpected}
      </li>
    );
  }
  if (!connection) {
    return (
      <li className="event__note">
        <Skeleton shape="tile" lines={6} label="Loading posts…" />
      </li>
    );
  }
  if (after === null && connection.edges.length === 0) {
    return (
      <li className="event__note">
        <EmptyState title="No posts from this event yet." />
      </li>
    );
  }
  return (
    <>
      {connection.edges.map(({ node }) => (
        <EventPostCard key={node.id} post={node} />
      ))}
    </>
  );
}

/** docs/product.md §Events: the posts carrying the event's tag, newest first, a page at a time. */
export function EventPosts({ slug }: { slug: string }) {
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const [end, setEnd] = useState<PageEnd | null>(null);
  const onEnd = useCallback((next: PageEnd) => setEnd(next), []);
  return (
    <section className="event__section" aria-labelledby="event-posts">
      <h2 id="event-posts">Posts</h2>
      <ul className="event__grid">
        {cursors.map((after, index) => (
          <PostsPage key={after ?? 'first'} slug={slug} after={after} onEnd={index === cursors.length - 1 ? onEnd : null} />
        ))}
      </ul>
      {end?.hasNextPage && end.endCursor && (
        <button type="button" className="button button--outline" onClick={() => setCursors((shown) => [...shown, end.endCursor])}>
          Show more
        </button>
      )}
    </section>
  );
}
