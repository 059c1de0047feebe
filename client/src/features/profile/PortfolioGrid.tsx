import { useQuery } from '@apollo/client/react';
import { useEffect, useId, useState } from 'react';
import * as MESSAGES from '@domain/messages';
import { ProfilePostsDocument, type PortfolioPostOrder } from '@gql/graphql';
import { EmptyState } from '@ui/EmptyState';
import { Select } from '@ui/Select';
import { Skeleton } from '@ui/Skeleton';
import { PortfolioCard } from './PortfolioCard';

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

/**
 * One page of the grid, fetched by its own cursor: each page is its own cached query, so "Show
 * more" adds a page without rewriting the ones already shown (no merge to get wrong).
 */
function GridPage({ filters, after, onEnd }: { filters: GridFilters; after: string | null; onEnd: ((end: PageEnd) => void) | null }) {
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
  return (
    <>
      {connection.edges.map(({ node }) => (
        <PortfolioCard key={node.id} post={node} />
      ))}
    </>
  );
}

function GridPages({ filters }: { filters: GridFilters }) {
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const [end, setEnd] = useState<PageEnd | null>(null);
  const lastIndex = cursors.length - 1;
  return (
    <>
      <ul className="profile__grid" data-testid="portfolio-grid">
        {cursors.map((after, index) => (
          <GridPage key={after ?? 'first'} filters={filters} after={after} onEnd={index === lastIndex ? setEnd : null} />
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
  username: string;
  /** A company's grid holds the posts of its accounts: the cards say who made them. */
  isCompany: boolean;
  roles: Array<{ id: string; name: string; emoji: string }>;
  networks: Array<{ id: string; title: string }>;
}

/** The portfolio's posts: filter by role and network, sort by date or views, more by cursor. */
export function PortfolioGrid({ username, isCompany, roles, networks }: PortfolioGridProps) {
  const headingId = useId();
  const [roleId, setRoleId] = useState('');
  const [networkId, setNetworkId] = useState('');
  const [orderBy, setOrderBy] = useState<PortfolioPostOrder>('DATE');
  const filters: GridFilters = { username, roleId: roleId || null, networkId: networkId || null, orderBy };
  return (
    <section className="profile__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{isCompany ? 'Posts' : 'Credited posts'}</h2>
      <div className="profile__filters">
        <Select label="Role" value={roleId} options={[{ value: '', label: 'All roles' }, ...roles.map((role) => ({ value: role.id, label: `${role.emoji} ${role.name}` }))]} onChange={setRoleId} />
        <Select label="Network" value={networkId} options={[{ value: '', label: 'All networks' }, ...networks.map((network) => ({ value: network.id, label: network.title }))]} onChange={setNetworkId} />
        <Select label="Sort by" value={orderBy} options={ORDER_OPTIONS} onChange={setOrderBy} />
      </div>
      {/* New filters start over from the first page. */}
      <GridPages key={`${filters.roleId ?? ''}|${filters.networkId ?? ''}|${orderBy}`} filters={filters} />
    </section>
  );
}
