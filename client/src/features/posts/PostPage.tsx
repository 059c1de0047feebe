import { skipToken, useQuery } from '@apollo/client/react';
import { useId } from 'react';
import { Link, useParams } from '@router';
import { CAPTION_SUBTITLE_MAX } from '@domain/constants';
import { formatCount, truncate } from '@domain/format';
import * as MESSAGES from '@domain/messages';
import { PostCredits } from '@features/credits';
import { PostEvents } from '@features/events';
import { StatsChart } from '@features/analytics';
import { AddToListButton } from '@features/lists';
import { PostDocument, type PostQuery } from '@gql/graphql';
import { Avatar } from '@ui/Avatar';
import { DateText } from '@ui/DateText';
import { PostPicture } from '@ui/PostPicture';
import { Skeleton } from '@ui/Skeleton';
import { postIdFromRef } from '@domain/post-ref';
import './post-page.css';

type Post = NonNullable<PostQuery['postByDatabaseId']>;

const POST_IMAGE_WIDTH = 640;

const STAT_LABELS = [
  { key: 'views', label: 'Views' },
  { key: 'likes', label: 'Likes' },
  { key: 'comments', label: 'Comments' },
  { key: 'shares', label: 'Shares' },
] as const;


function PostNotFound() {
  return (
    <section className="page" aria-labelledby="post-not-found-heading">
      <h1 id="post-not-found-heading">Post not found</h1>
      <p>This post does not exist, or it is private and only the people it belongs to can see it.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </section>
  );
}

function Account({ post }: { post: Post }) {
  const { account, network } = post;
  const handle = `@${account.handle}`;
  return (
    <div className="post__account">
      <Avatar name={account.displayName ?? account.handle} avatarUrl={account.avatarUrl ?? null} />
      <div>
        {account.displayName && <p className="post__account-name">{account.displayName}</p>}
        <p className="post__account-handle">
          {account.profileUrl ? (
            <a href={account.profileUrl} target="_blank" rel="noopener noreferrer">
              {handle}
            </a>
          ) : (
            handle
          )}{' '}
          on <span data-testid="post-network">{network.title}</span>
        </p>
        {account.owner?.username && (
          <p className="post__account-owner" data-testid="post-owner">
            Posted by <Link to={`/${account.owner.username}`}>{account.owner.name ?? `@${account.owner.username}`}</Link>
          </p>
        )}
      </div>
    </div>
  );
}

function Numbers({ post }: { post: Post }) {
  const headingId = useId();
  const { stats } = post;
  return (
    <section className="post__section" aria-labelledby={headingId}>
      <h2 id={headingId}>Numbers</h2>
      <dl className="post__stats" data-testid="post-stats">
        {STAT_LABELS.map(({ key, label }) => {
          const value = stats[key];
          return (
            <div key={key} className="post__stat" data-stat={key}>
              <dt>{label}</dt>
              <dd>
                {value === null ? (
                  <>
                    <span aria-hidden="true">—</span>
                    <span className="visually-hidden">Not available</span>
                  </>
                ) : (
                  formatCount(value)
                )}
              </dd>
            </div>
          );
        })}
      </dl>
      <p className="post__when">
        {stats.refreshedAt ? (
          <>
            Numbers last refreshed <DateText iso={stats.refreshedAt} />
          </>
        ) : (
          'Numbers not available yet'
        )}
      </p>
    </section>
  );
}

function PostView({ post }: { post: Post }) {
  const headingId = useId();
  const { account, network } = post;
  const author = account.displayName ?? `@${account.handle}`;
  const pictureAlt = post.caption ? truncate(post.caption, CAPTION_SUBTITLE_MAX) : `Post by ${author} on ${network.title}`;

  return (
    <article className="page post" aria-labelledby={headingId}>
      <h1 id={headingId}>Post by {author}</h1>

      {post.isDeleted && (
        <p className="notice notice--warning" role="note" data-testid="post-deleted">
          This post was deleted from {network.title}; its credits stay here.
        </p>
      )}
      {post.isPrivate && <p className="post__badge">Private post</p>}

      <div className="post__layout">
        <div className="post__media">
          <PostPicture className="post__picture" src={post.thumbnailUrl} network={network} alt={pictureAlt} width={POST_IMAGE_WIDTH} />
          <p>
            <a href={post.url} target="_blank" rel="noopener noreferrer">
              View the original on {network.title}
            </a>
          </p>
        </div>

        <div className="post__details">
          <Account post={post} />
          <AddToListButton postId={post.id} />
          {post.caption && <p className="post__caption">{post.caption}</p>}
          <p className="post__when">
            {post.postedAt && (
              <>
                Posted <DateText iso={post.postedAt} />
                {' · '}
              </>
            )}
            Imported <DateText iso={post.importedAt} />
          </p>
          <Numbers post={post} />
          <StatsChart subject={{ postId: post.id }} metrics={['VIEWS', 'LIKES']} heading="Numbers over time" />
          <PostCredits postDatabaseId={post.databaseId} />
          <PostEvents postDatabaseId={post.databaseId} />
        </div>
      </div>
    </article>
  );
}

/** docs/product.md §Pages: a post at /posts/{postId} or /posts/{id}-{account}-{network}. */
export default function PostPage() {
  const { postRef } = useParams();
  const id = postIdFromRef(postRef);
  const { data, loading, error } = useQuery(PostDocument, id ? { variables: { databaseId: id } } : skipToken);

  if (!id) return <PostNotFound />;
  if (loading) {
    return (
      <section className="page" aria-busy="true">
        <Skeleton shape="card" lines={2} label="Loading post…" />
      </section>
    );
  }
  if (error || !data) {
    return (
      <section className="page">
        <p role="alert">{MESSAGES.unexpected}</p>
      </section>
    );
  }
  if (!data.postByDatabaseId) return <PostNotFound />;
  return <PostView post={data.postByDatabaseId} />;
}
