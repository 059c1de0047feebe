import { useQuery } from '@apollo/client/react';
import { useId, useState } from 'react';
import * as MESSAGES from '@domain/messages';
import { isNeverExpiring } from '@domain/plans';
import { AdminUsersDocument, ViewerDocument, type AdminUsersQuery } from '@gql/graphql';
import { Avatar } from '@ui/Avatar';
import { ConfirmDialog } from '@ui/ConfirmDialog';
import { DataTable, type DataTableColumn } from '@ui/DataTable';
import { PageFrame } from '@ui/PageFrame';
import { useDebouncedValue } from '@ui/useDebouncedValue';
import { AdminNav } from './AdminNav';
import { AdminOnly } from './AdminOnly';
import { AdminUserAuditLog } from './AdminUserAuditLog';
import { GiveProDialog } from './GiveProDialog';
import { useStartMasquerade } from './useStartMasquerade';
import { DateText } from '@ui/DateText';
import './admin.css';

export const ADMIN_USERS_PAGE_SIZE = 25;
export const ADMIN_SEARCH_DELAY_MS = 300;
/** The server refuses longer searches. */
const SEARCH_MAX_LENGTH = 100;

type AdminUser = AdminUsersQuery['adminUsers']['nodes'][number];
type ListedUser = AdminUser['user'];

/** How a person is called in the list and the question: their name, else their username. */
function displayName(user: ListedUser): string {
  return user.name ?? (user.username ? `@${user.username}` : `User ${user.databaseId}`);
}

function LastSignIn({ iso }: { iso: string | null }) {
  return iso ? <DateText iso={iso} /> : <span className="admin-users__none">Never</span>;
}

/** PRO an admin gave, while it lasts: until when, or that it never ends (docs/product.md §Paid access). */
function InvoicedPro({ iso }: { iso: string | null }) {
  if (!iso) return null;
  const until = new Date(iso);
  if (isNeverExpiring(until)) return <span className="admin-users__plan">PRO, never expires</span>;
  return (
    <span className="admin-users__plan">
      PRO until <DateText iso={iso} />
    </span>
  );
}

/** The columns of the list; `nameId` names each row for the buttons that act on its person. */
function adminUserColumns(
  viewerId: string | null,
  busy: boolean,
  nameId: (user: ListedUser) => string,
  onActAs: (user: ListedUser) => void,
  onGivePro: (user: ListedUser) => void,
  onAuditLog: (user: ListedUser) => void,
): ReadonlyArray<DataTableColumn<AdminUser>> {
  const isViewer = (user: ListedUser) => user.id === viewerId;
  return [
    {
      id: 'user',
      header: 'User',
      cell: ({ user }) => (
        <span className="admin-users__person">
          <Avatar name={user.name ?? user.username} avatarUrl={user.avatarUrl} />
          <span className="admin-users__names">
            <span id={nameId(user)} className="admin-users__name">
              {displayName(user)}
              {isViewer(user) && <span className="admin-users__you"> (you)</span>}
            </span>
            {user.username && <span className="admin-users__username">@{user.username}</span>}
          </span>
        </span>
      ),
    },
    { id: 'email', header: 'Email', cell: ({ user }) => <span className="admin-users__email">{user.email ?? <span className="admin-users__none">None</span>}</span> },
    {
      id: 'badges',
      header: 'Badges',
      cell: (node) => (
        <>
          {node.user.badges.length > 0 && (
            <ul className="admin-users__badges" aria-label="Badges">
              {node.user.badges.map((badge) => (
                <li key={badge} className="admin-users__badge">
                  {badge}
                </li>
              ))}
            </ul>
          )}
          <InvoicedPro iso={node.invoicedProUntil} />
        </>
      ),
    },
    { id: 'joined', header: 'Joined', cell: (node) => <DateText iso={node.createdAt} /> },
    { id: 'last-sign-in', header: 'Last sign-in', cell: (node) => <LastSignIn iso={node.lastSignInAt} /> },
    {
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      cell: ({ user }) => (
        <span className="admin-users__actions">
          {!isViewer(user) && (
            <button type="button" className="button button--outline admin-users__act" aria-describedby={nameId(user)} disabled={busy} onClick={() => onActAs(user)}>
              Act as this user
            </button>
          )}
          <button type="button" className="button button--outline admin-users__act" aria-describedby={nameId(user)} onClick={() => onGivePro(user)}>
            Give PRO
          </button>
          <button type="button" className="button button--outline admin-users__act" aria-describedby={nameId(user)} onClick={() => onAuditLog(user)}>
            Audit log
          </button>
        </span>
      ),
    },
  ];
}

/** The list itself: search, the table, Load more, and acting as someone (docs/product.md §Masquerading). */
function AdminUsers() {
  const searchId = useId();
  const listId = useId();
  const [search, setSearch] = useState('');
  const settledSearch = useDebouncedValue(search.trim(), ADMIN_SEARCH_DELAY_MS);
  const { data: viewerData } = useQuery(ViewerDocument);
  const [asking, setAsking] = useState<ListedUser | null>(null);
  const [givingPro, setGivingPro] = useState<ListedUser | null>(null);
  const [auditing, setAuditing] = useState<ListedUser | null>(null);
  const masquerade = useStartMasquerade();
  const { data, previousData, loading, error, fetchMore, refetch } = useQuery(AdminUsersDocument, {
    variables: { search: settledSearch || null, first: ADMIN_USERS_PAGE_SIZE },
    // Always the latest accounts when the page opens; none once the session becomes the
    // user's (standby queries are not refetched, and the user would be refused this one).
    fetchPolicy: masquerade.starting ? 'standby' : 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  // While a new search loads, the last answer stays on screen rather than flashing empty.
  const connection = (data ?? previousData)?.adminUsers;
  const viewerId = viewerData?.viewer?.id ?? null;

  const loadMore = () =>
    fetchMore({
      variables: { after: connection?.pageInfo.endCursor ?? null },
      updateQuery: (previous, { fetchMoreResult }) => ({
        ...fetchMoreResult,
        adminUsers: {
          ...fetchMoreResult.adminUsers,
          nodes: [...(previous.adminUsers?.nodes ?? []), ...fetchMoreResult.adminUsers.nodes],
        },
      }),
    });

  const answer = (yes: boolean) => {
    const user = asking;
    setAsking(null);
    if (yes && user) void masquerade.start(String(user.databaseId));
  };

  let status = '';
  if (loading) status = 'Loading users…';
  else if (connection && connection.nodes.length === 0) status = settledSearch ? `No users match “${settledSearch}”.` : 'No users yet.';

  return (
    <>
      <div className="admin-users__search">
        <label htmlFor={searchId}>Search users</label>
        <input
          id={searchId}
          type="search"
          className="text-input"
          value={search}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder="Username, name or email"
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <p role="status" className="admin-users__status">
        {status}
      </p>
      {!connection && error && <p role="alert">{MESSAGES.unexpected}</p>}
      {connection && connection.nodes.length > 0 && (
        <DataTable
          caption="Users, newest first"
          captionHidden
          className="admin-users"
          columns={adminUserColumns(viewerId, masquerade.starting, (user) => `${listId}-user-${user.databaseId}`, setAsking, setGivingPro, setAuditing)}
          rows={connection.nodes}
          rowKey={(node) => node.user.id}
          loading={loading}
        />
      )}
      {connection?.pageInfo.hasNextPage && (
        <button type="button" className="button button--outline admin-users__more" onClick={() => void loadMore()} disabled={loading}>
          {loading ? 'Loading…' : 'Load more'}
        </button>
      )}
      {auditing && <AdminUserAuditLog key={auditing.id} userId={auditing.id} name={displayName(auditing)} onClose={() => setAuditing(null)} />}
      {givingPro && <GiveProDialog userId={givingPro.id} name={displayName(givingPro)} onClose={() => setGivingPro(null)} onGiven={() => void refetch()} />}
      <ConfirmDialog open={asking !== null} title={asking ? `Act as ${displayName(asking)}?` : undefined} onYes={() => answer(true)} onNo={() => answer(false)}>
        You will see Byline as they do until you choose Stop Masquerade in the menu. Everything you do meanwhile is recorded under both your names.
      </ConfirmDialog>
    </>
  );
}

/** Admin user tooling: find any account and act as it (docs/product.md §Masquerading); everyone else gets the not-found page. */
export default function AdminUsersPage() {
  return (
    <AdminOnly>
      <PageFrame heading="Admin users" purpose="Find any account, see when it joined and last signed in, give PRO invoiced outside card payments, and act as that user to see what they see.">
        <AdminNav />
        <AdminUsers />
      </PageFrame>
    </AdminOnly>
  );
}
