import { NO_IMAGE_SEARCH, canUseImageSearch } from '@domain/visual-match';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '@router';
import { CAPTION_SUBTITLE_MAX } from '@domain/constants';
import { formatCount, truncate } from '@domain/format';
import * as MESSAGES from '@domain/messages';
import { ExplorePostsDocument, ViewerDocument, type ExplorePostFragment } from '@gql/graphql';
import { NETWORK_LIST, networkByName } from '@domain/networks';
import { AddToListButton } from '@features/lists';
import { CheckboxList } from '@ui/CheckboxList';
import { EmptyState } from '@ui/EmptyState';
import { FilterBar, type FilterBarFilter } from '@ui/FilterBar';
import { PageFrame } from '@ui/PageFrame';
import { PostPicture } from '@ui/PostPicture';
import { SegmentedControl } from '@ui/SegmentedControl';
import { Select } from '@ui/Select';
import { Skeleton } from '@ui/Skeleton';
import { TextField } from '@ui/TextField';
import { useMorePages } from '@ui/useMorePages';
import { withParam, withValues, withoutChip } from '@ui/urlFilters';
import { FILTER_PARAMETERS, readExploreParams, type CreditedParameter, type ExploreState } from './exploreParams';
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

const NETWORK_OPTIONS = NETWORK_LIST.map((network) => ({ value: network.name, label: network.title }));
const CREDITED_OPTIONS: ReadonlyArray<{ value: CreditedParameter | 'all'; label: string }> = [
  { value: 'all', label: 'All posts' },
  { value: 'credited', label: 'Credited' },
  { value: 'uncredited', label: 'Not credited' },
];
const SORT_OPTIONS = [
  { value: 'relevance', label: 'Most viewed' },
  { value: 'newest', label: 'Newest' },
] as const;
const VIEW_OPTIONS = [
  { value: 'grid', label: 'Grid' },
  { value: 'list', label: 'List' },
] as const;

/**
 * The filter bar's chips: networks and credit status to pick here, then each filter a link set
 * (a tag, a person…), to see and remove.
 */
function exploreFilters(state: ExploreState, params: URLSearchParams, setParams: (next: URLSearchParams) => void): FilterBarFilter[] {
  const networkTitles = state.networks.map((name) => networkByName(name)?.title ?? name);
  return [
    {
      id: 'networks',
      label: 'Network',
      activeLabel: networkTitles.length > 0 ? networkTitles.join(', ') : null,
      onRemove: () => setParams(withValues(params, 'networks', [])),
      render: () => <CheckboxList label="Networks" options={NETWORK_OPTIONS} values={state.networks} onChange={(networks) => setParams(withValues(params, 'networks', networks))} />,
    },
    {
      id: 'credited',
      label: 'Credits',
      activeLabel: CREDITED_OPTIONS.find((option) => option.value === state.credited)?.label ?? null,
      onRemove: () => setParams(withParam(params, 'creditedStatus', null)),
      render: (close) => (
        <Select
          label="Credits"
          value={state.credited ?? 'all'}
          options={CREDITED_OPTIONS}
          onChange={(value) => {
            setParams(withParam(params, 'creditedStatus', value === 'all' ? null : value));
            close();
          }}
        />
      ),
    },
    ...state.linked.map(
      (chip): FilterBarFilter => ({
        id: `${chip.parameter}:${chip.value}`,
        label: chip.kind,
        activeLabel: chip.label,
        onRemove: () => setParams(withoutChip(params, chip)),
        render: (close) => (
          <>
            <p className="explore-linked">
              {chip.kind}: {chip.label}
            </p>
            <button
              type="button"
              className="button button--outline"
              onClick={() => {
                setParams(withoutChip(params, chip));
                close();
              }}
            >
              Remove
            </button>
          </>
        ),
      }),
    ),
  ];
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
      <form className="explore-search" role="search" aria-label="Explore posts" onSubmit={submit}>
        <TextField type="search" label="Words in the caption or account" hideLabel value={text} onChange={setText} placeholder="Search posts" />
        <button type="submit" className="button button--outline">
          Search
        </button>
      </form>
      <div className="explore-controls">
        <FilterBar
          label="Filters"
          filters={exploreFilters(state, params, setParams)}
          onClearAll={() => setParams(FILTER_PARAMETERS.reduce((next, parameter) => withParam(next, parameter, null), params))}
        />
        <div className="explore-controls__view">
          <Select
            className="explore-sort"
            label="Sort"
            value={state.sort === 'NEWEST' ? 'newest' : 'relevance'}
            options={SORT_OPTIONS}
            onChange={(value) => setParams(withParam(params, 'sort', value === 'newest' ? 'newest' : null))}
          />
          <SegmentedControl label="View" value={state.listView ? 'list' : 'grid'} options={VIEW_OPTIONS} onChange={(value) => setParams(withParam(params, 'postView', value === 'list' ? 'list' : null))} />
        </div>
      </div>
      {state.imageSearch && (
        <p className="explore-note" role="note">
          {canSearchImages ? 'Searching pictures by what they show is not available yet; these are the posts matching the other filters.' : MESSAGES.imageSearchUpgrade}
        </p>
      )}
      {error && <p role="alert">{MESSAGES.unexpected}</p>}
      {loading && <Skeleton shape={state.listView ? 'card' : 'tile'} lines={6} label="Loading posts…" />}
      {data && posts.length === 0 && (
        // A status still: a change of filters that leaves nothing is news to a screen reader.
        <div role="status">
          <EmptyState title="No posts match these filters." />
        </div>
      )}
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
