import { NO_IMAGE_SEARCH, canUseImageSearch } from '@domain/visual-match';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '@router';
import { CAPTION_SUBTITLE_MAX } from '@domain/constants';
import { formatCount, truncate } from '@domain/format';
import { MESSAGES } from '@domain/messages';
import { ExplorePostsDocument, ViewerDocument, type ExplorePostFragment } from '@gql/graphql';
import { AddToListButton } from '@features/lists';
import { FilterChips } from '@ui/FilterChips';
import { PageFrame } from '@ui/PageFrame';
import { PostPicture } from '@ui/PostPicture';
import { useMorePages } from '@ui/useMorePages';
import { withParam, withoutChip } from '@ui/urlFilters';
import { readExploreParams } from './exploreParams';
import './explore.css';

const PAGE_SIZE = 24;

function PostCard({ post, listView }: { post: ExplorePostFragment; listView: boolean }) {
  const credits = post.credits.nodes.filter((credit) => credit.user);
  return (
    <li className={listView ? 'explore-post explore-post--row' : 'explore-post'}>
      <Link to={`/posts/${post.databaseId}`} className="explore-post__link">
        <PostPicture className="explore-post__picture" src={post.thumbnailUrl} network={post.network} lazy />
        <span className="explore-post__text">
          <span className="explore-post__account">{post.account.displayName ?? `@${post.account.handle}`}</span>
          <span className="explore-post__meta">
            @{post.account.handle} · {post.network.title}
          </span>
          <span className="explore-post__numbers">
            {post.stats.views !== null && post.stats.views !== undefined && <span>{formatCount(post.stats.views)} views</span>}
            {post.stats.likes !== null && post.stats.likes !== undefined && <span>{formatCount(post.stats.likes)} likes</span>}
          </span>
          {listView && post.caption && <span className="explore-post__caption">{truncate(post.caption, CAPTION_SUBTITLE_MAX)}</span>}
        </span>
      </Link>
      {credits.length > 0 && (
        <p className="explore-post__credits">
          {credits.map((credit, index) => (
            <span key={credit.id}>
              {index > 0 && ', '}
              <Link to={`/${credit.user!.username ?? ''}`}>{credit.user!.name ?? credit.user!.username}</Link> ({credit.role.name})
            </span>
          ))}
        </p>
      )}
      {/* Lists gather posts from search results too (signed-in viewers only; the menu loads when opened). */}
      <AddToListButton postId={post.id} />
    </li>
  );
}

/**
 * /explore (docs/product.md §Search): every filter lives in the URL (route list), so a search can
 * be shared and the back button steps through changes; results page on as the end of the list
 * scrolls into view.
 */
export default function ExplorePage() {
  const [params, setParams] = useSearchParams();
  const state = readExploreParams(params);
  const client = useApolloClient();
  const { data: viewerData } = useQuery(ViewerDocument);
  // docs/product.md §Paid access: the same rule as Visual Match and the menu, decided by the server.
  const canSearchImages = canUseImageSearch(viewerData?.viewer?.viewerCan ?? NO_IMAGE_SEARCH);
  const variables = { filter: state.filter, sort: state.sort, first: PAGE_SIZE };
  const { data, loading, error } = useQuery(ExplorePostsDocument, { variables });
  const { items: posts, hasNextPage, loadMore, loadingMore, sentinel } = useMorePages(JSON.stringify(variables), data?.explorePosts, async (after) => {
    const result = await client.query({ query: ExplorePostsDocument, variables: { ...variables, after } });
    return result.data?.explorePosts;
  });

  const [text, setText] = useState(params.get('q') ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(withParam(params, 'q', text.trim() || null));
  };

  return (
    <PageFrame heading="Explore" purpose="Explore posts across every network, filtered by tags, locations, events, people, posting account and credit status.">
      <form className="explore-controls" role="search" aria-label="Explore posts" onSubmit={submit}>
        <input type="search" aria-label="Words in the caption or account" value={text} onChange={(event) => setText(event.target.value)} placeholder="Search posts" />
        <button type="submit" className="button">
          Search
        </button>
        <label>
          Sort{' '}
          <select value={state.sort === 'NEWEST' ? 'newest' : 'relevance'} onChange={(event) => setParams(withParam(params, 'sort', event.target.value === 'newest' ? 'newest' : null))}>
            <option value="relevance">Most viewed</option>
            <option value="newest">Newest</option>
          </select>
        </label>
        <label>
          Credits{' '}
          <select value={params.get('creditedStatus') ?? 'all'} onChange={(event) => setParams(withParam(params, 'creditedStatus', event.target.value === 'all' ? null : event.target.value))}>
            <option value="all">All posts</option>
            <option value="credited">Credited</option>
            <option value="uncredited">Not credited</option>
          </select>
        </label>
        <div className="explore-views" role="group" aria-label="View">
          <button type="button" aria-pressed={!state.listView} onClick={() => setParams(withParam(params, 'postView', null))}>
            Grid
          </button>
          <button type="button" aria-pressed={state.listView} onClick={() => setParams(withParam(params, 'postView', 'list'))}>
            List
          </button>
        </div>
      </form>
      <FilterChips chips={state.chips} onRemove={(chip) => setParams(withoutChip(params, chip))} />
      {state.imageSearch && (
        <p className="explore-note" role="note">
          {canSearchImages ? 'Searching pictures by what they show is not available yet; these are the posts matching the other filters.' : MESSAGES.imageSearchUpgrade}
        </p>
      )}
      {error && <p role="alert">{MESSAGES.unexpected}</p>}
      {loading && <p role="status">Loading posts…</p>}
      {data && posts.length === 0 && <p role="status">No posts match these filters.</p>}
      {posts.length > 0 && (
        <ul className={state.listView ? 'explore-results explore-results--list' : 'explore-results'} aria-label="Posts">
          {posts.map((post) => (
            <PostCard key={post.id} post={post} listView={state.listView} />
          ))}
        </ul>
      )}
      <div ref={sentinel} className="explore-sentinel" />
      {hasNextPage && (
        <button type="button" className="button" onClick={() => void loadMore()} disabled={loadingMore}>
          {loadingMore ? 'Loading…' : 'More posts'}
        </button>
      )}
    </PageFrame>
  );
}
