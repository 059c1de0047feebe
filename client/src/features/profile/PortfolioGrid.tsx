import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useId, useState } from 'react';
import * as MESSAGES from '@domain/messages';
import { afterIdForDrop, afterIdForStep } from '@domain/ordering';
import { MAX_PINNED_POSTS } from '@domain/portfolio';
import { MovePinnedPortfolioPostDocument, ProfilePostsDocument, SetPortfolioPostPlacementDocument, type PortfolioPostOrder } from '@gql/graphql';
import { serverRefusal } from '@shell/serverError';
import { EmptyState } from '@ui/EmptyState';
import { useRefocusAfterMove, type StepDirection } from '@ui/reorderable';
import { Select } from '@ui/Select';
import { Skeleton } from '@ui/Skeleton';
import { useToast } from '@ui/toastContext';
import { PortfolioCard, pinButtonsId, type CardArranging } from './PortfolioCard';

const PAGE_SIZE = 24;

const ORDER_OPTIONS: ReadonlyArray<{ value: PortfolioPostOrder; label: string }> = [
  { value: 'DATE', label: 'Newest' },
  { value: 'VIEWS', label: 'Most viewed' },
];

interface GridFilters {
  username: string;
  roleId: string | null;
  networkId: string | null;
  orderBy: PortfolioPostOrder;
}

interface PageEnd {
  hasNextPage: boolean;
  endCursor: string | null;
}

/** The owner's controls for one card, given whether it is pinned and which pins the first page shows. */
type Arrange = (postId: string, state: { isPinned: boolean; pinnedIds: readonly string[] }) => CardArranging;

/** Stable: every page of the grid is read again, in the new order. */
const REFETCH_GRID = { refetchQueries: ['ProfilePosts'], awaitRefetchQueries: true };

/**
 * The owner arranging their grid (docs/product.md §Profiles): pin, hide, show, and move pins by
 * dragging or with Earlier/Later, whose focus stays on the moved post. Order controls show while
 * no filter is on, when the grid holds every pin.
 */
function useArranging(userId: string, filtered: boolean): { arrange: Arrange; announcement: string } {
  const toast = useToast();
  const [place, placing] = useMutation(SetPortfolioPostPlacementDocument, REFETCH_GRID);
  const [move, moving] = useMutation(MovePinnedPortfolioPostDocument, REFETCH_GRID);
  const [announcement, setAnnouncement] = useState('');
  const refocusAfterMove = useRefocusAfterMove();
  const busy = placing.loading || moving.loading;
  const refused = (failure: unknown) => toast.error(serverRefusal(failure)?.message ?? MESSAGES.somethingWentWrong);

  const moveAfter = async (postId: string, afterPostId: string | null, pinnedIds: readonly string[]) => {
    try {
      const answer = await move({ variables: { input: { userId, postId, afterPostId } } });
      const order = answer.data?.movePinnedPortfolioPost.pinnedPosts.map((post) => post.id) ?? pinnedIds;
      setAnnouncement(`Moved to pin ${order.indexOf(postId) + 1} of ${order.length}.`);
    } catch (failure) {
      refused(failure);
    }
  };
  const arrange: Arrange = (postId, { isPinned, pinnedIds }) => ({
    busy,
    onPlace: (placement) => {
      void place({ variables: { input: { userId, postId, placement } } }).then(
        () => setAnnouncement(placement === 'PINNED' ? 'Pinned.' : placement === 'HIDDEN' ? 'Hidden from your profile.' : 'Shown on your profile.'),
        refused,
      );
    },
    order:
      isPinned && !filtered
        ? {
            index: pinnedIds.indexOf(postId),
            count: pinnedIds.length,
            onMove: (direction: StepDirection) => {
              const afterId = afterIdForStep(pinnedIds, postId, direction);
              if (afterId === undefined) return;
              refocusAfterMove(pinButtonsId(postId), direction);
              void moveAfter(postId, afterId, pinnedIds);
            },
            onDropOn: (targetId: string, draggedId: string) => {
              refocusAfterMove(null);
              if (pinnedIds.includes(draggedId)) void moveAfter(draggedId, afterIdForDrop(pinnedIds, draggedId, targetId), pinnedIds);
            },
          }
        : null,
  });
  return { arrange, announcement };
}

/**
 * One page of the grid, fetched by its own cursor: each page is its own cached query, so "Show
 * more" adds a page without rewriting the ones already shown (no merge to get wrong).
 */
function GridPage({ filters, after, onEnd, arrange }: { filters: GridFilters; after: string | null; onEnd: ((end: PageEnd) => void) | null; arrange: Arrange | null }) {
  const { data, error } = useQuery(ProfilePostsDocument, { variables: { ...filters, first: PAGE_SIZE, after } });
  const connection = data?.userByUsername.portfolio.creditedPosts;
  const hasNextPage = connection?.pageInfo.hasNextPage ?? false;
  const endCursor = connection?.pageInfo.endCursor ?? null;
  const loaded = connection !== undefined;
  useEffect(() => {
    if (onEnd && loaded) onEnd({ hasNextPage, endCursor });
  }, [onEnd, loaded, hasNextPage, endCursor]);

  if (error && !connection) {
    return (
      <li className="profile__grid-note" role="alert">
        {MESSAGES.unexpected}
      </li>
    );
  }
  if (!connection) {
    return (
      <li className="profile__grid-note">
        <Skeleton shape="tile" lines={6} label="Loading posts…" />
      </li>
    );
  }
  if (after === null && connection.edges.length === 0) {
    return (
      <li className="profile__grid-note">
        <EmptyState title={filters.roleId || filters.networkId ? 'No posts match these filters.' : 'No posts yet.'} />
      </li>
    );
  }
  // Pins lead the grid, and there are fewer of them than a page: the first page holds them all.
  const pinnedIds = connection.edges.filter((edge) => edge.isPinned).map((edge) => edge.node.id);
  return (
    <>
      {connection.edges.map(({ node, isPinned, isHidden }) => (
        <PortfolioCard key={node.id} post={node} isPinned={isPinned} isHidden={isHidden} arranging={arrange ? arrange(node.id, { isPinned, pinnedIds }) : null} />
      ))}
    </>
  );
}

function GridPages({ filters, arrange }: { filters: GridFilters; arrange: Arrange | null }) {
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const [end, setEnd] = useState<PageEnd | null>(null);
  const lastIndex = cursors.length - 1;
  return (
    <>
      <ul className="profile__grid" data-testid="portfolio-grid">
        {cursors.map((after, index) => (
          <GridPage key={after ?? 'first'} filters={filters} after={after} onEnd={index === lastIndex ? setEnd : null} arrange={arrange} />
        ))}
      </ul>
      {end?.hasNextPage && end.endCursor && (
        <p className="profile__more">
          <button
            type="button"
            className="button"
            onClick={() => {
              const next = end.endCursor;
              setEnd(null);
              setCursors((shown) => [...shown, next]);
            }}
          >
            Show more
          </button>
        </p>
      )}
    </>
  );
}

interface PortfolioGridProps {
  /** The owner's User id: set when the viewer may arrange this grid (the owner), else null. */
  arrangeAs: string | null;
  username: string;
  /** A company's grid holds the posts of its accounts: the cards say who made them. */
  isCompany: boolean;
  roles: Array<{ id: string; name: string; emoji: string }>;
  networks: Array<{ id: string; title: string }>;
}

/** The portfolio's posts: filter by role and network, sort by date or views, more by cursor. */
export function PortfolioGrid({ arrangeAs, username, isCompany, roles, networks }: PortfolioGridProps) {
  const headingId = useId();
  const [roleId, setRoleId] = useState('');
  const [networkId, setNetworkId] = useState('');
  const [orderBy, setOrderBy] = useState<PortfolioPostOrder>('DATE');
  const filters: GridFilters = { username, roleId: roleId || null, networkId: networkId || null, orderBy };
  const { arrange, announcement } = useArranging(arrangeAs ?? '', Boolean(filters.roleId || filters.networkId));
  return (
    <section className="profile__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{isCompany ? 'Posts' : 'Credited posts'}</h2>
      <div className="profile__filters">
        <Select label="Role" value={roleId} options={[{ value: '', label: 'All roles' }, ...roles.map((role) => ({ value: role.id, label: `${role.emoji} ${role.name}` }))]} onChange={setRoleId} />
        <Select label="Network" value={networkId} options={[{ value: '', label: 'All networks' }, ...networks.map((network) => ({ value: network.id, label: network.title }))]} onChange={setNetworkId} />
        <Select label="Sort by" value={orderBy} options={ORDER_OPTIONS} onChange={setOrderBy} />
      </div>
      {arrangeAs && (
        <p className="profile__muted">
          Pin up to {MAX_PINNED_POSTS} posts to lead your profile, in the order you choose (drag them, or use Earlier and Later); hidden posts stay credited but only you see them here.
        </p>
      )}
      {/* New filters start over from the first page. */}
      <GridPages key={`${filters.roleId ?? ''}|${filters.networkId ?? ''}|${orderBy}`} filters={filters} arrange={arrangeAs ? arrange : null} />
      <p className="visually-hidden" aria-live="polite" role="status">
        {announcement}
      </p>
    </section>
  );
}
