import { Link } from '@router';
import { CAPTION_SUBTITLE_MAX, POST_THUMBNAIL_WIDTH } from '@domain/constants';
import { truncate } from '@domain/format';
import type { TrackedPostFragment } from '@gql/graphql';
import { PostPicture } from '@ui/PostPicture';
import './post-result.css';

interface PostResultProps {
  post: TrackedPostFragment;
  /** Called when the result is opened (the box then empties). */
  onOpen?: () => void;
}

/**
 * A post as a search result (docs/product.md §Search): its picture at the list
 * thumbnail width (80), the account as the label, the caption as the subtitle cut at
 * 200 characters, and the network. Leads to the post page.
 */
export function PostResult({ post, onOpen }: PostResultProps) {
  const { account, network } = post;
  const label = account.displayName ?? `@${account.handle}`;
  return (
    <Link to={`/posts/${post.databaseId}`} className="post-result" data-testid="track-post-result" onClick={onOpen}>
      <PostPicture className="post-result__thumb" src={post.thumbnailUrl} network={network} width={POST_THUMBNAIL_WIDTH} height={POST_THUMBNAIL_WIDTH} lazy />
      <span className="post-result__text">
        <span className="post-result__label">{label}</span>
        {post.caption && <span className="post-result__caption">{truncate(post.caption, CAPTION_SUBTITLE_MAX)}</span>}
        <span className="post-result__meta">
          @{account.handle} · {network.title}
          {post.isDeleted && ' · Deleted'}
        </span>
      </span>
    </Link>
  );
}
