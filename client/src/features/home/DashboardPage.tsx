import { useQuery } from '@apollo/client/react';
import { Link } from '@router';
import { DASHBOARD_CALL_TIMEOUT_MS } from '@domain/constants';
import { formatCount } from '@domain/format';
import * as MESSAGES from '@domain/messages';
import { DashboardDocument, DashboardNotificationsDocument, DashboardPendingCreditsDocument, type DashboardQuery } from '@gql/graphql';
import { CreditResponseButtons, creditPeoplePath } from '@features/credits';
import { TrackBox } from '@features/track';
import { EmptyState } from '@ui/EmptyState';
import { PageFrame } from '@ui/PageFrame';
import { PostPicture } from '@ui/PostPicture';
import { Skeleton } from '@ui/Skeleton';

type RecentPost = DashboardQuery['dashboard']['recentPosts'][number];

function Change({ value }: { value: number | null | undefined }) {
  if (value === null || value === undefined) return null;
  return <span className="dashboard__change">{value >= 0 ? `+${formatCount(value)}` : formatCount(value)} this week</span>;
}

function NetworkTotals({ networks }: { networks: DashboardQuery['dashboard']['networks'] }) {
  return (
    <section aria-labelledby="dashboard-networks-heading" className="home__section" data-testid="dashboard-networks">
      <h2 id="dashboard-networks-heading">Your networks</h2>
      <ul className="home__cards">
        {networks.map((entry) => (
          <li key={entry.network.id} className="home__card" data-network={entry.network.name}>
            <strong>{entry.network.title}</strong>
            <span className="home__card-meta">
              {formatCount(entry.posts)} posts · {formatCount(entry.views)} views · {formatCount(entry.likes)} likes · {formatCount(entry.comments)} comments
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function RecentPosts({ posts }: { posts: RecentPost[] }) {
  return (
    <section aria-labelledby="dashboard-recent-heading" className="home__section" data-testid="dashboard-recent-posts">
      <h2 id="dashboard-recent-heading">Recent posts</h2>
      {posts.length === 0 ? (
        <EmptyState title="No posts yet.">
          <p>Paste a link above to track your first one.</p>
        </EmptyState>
      ) : (
        <ul className="dashboard__posts">
          {posts.map(({ post, changeSinceLastWeek }) => (
            <li key={post.id} className="dashboard__post">
              <PostPicture className="dashboard__thumb" src={post.thumbnailUrl} network={post.network} width={64} height={64} />
              <span className="dashboard__post-text">
                <Link to={`/posts/${post.databaseId}`}>{post.caption?.slice(0, 80) || `${post.network.title} post by @${post.account.handle}`}</Link>
                <span className="home__card-meta">
                  {formatCount(post.stats.views ?? 0)} views <Change value={changeSinceLastWeek.views} /> · {formatCount(post.stats.likes ?? 0)} likes{' '}
                  <Change value={changeSinceLastWeek.likes} /> · {formatCount(post.stats.comments ?? 0)} comments
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What the recent posts' captions suggest crediting ("📸 @name"); confirming opens the post's add-credit dialog. */
function CreditSuggestions({ posts }: { posts: RecentPost[] }) {
  const suggestions = posts.flatMap(({ post }) => (post.viewerCan.addCredit ? post.creditSuggestions.map((suggestion) => ({ post, suggestion })) : []));
  if (suggestions.length === 0) return null;
  return (
    <section aria-labelledby="dashboard-suggestions-heading" className="home__section" data-testid="dashboard-suggestions">
      <h2 id="dashboard-suggestions-heading">Credit suggestions</h2>
      <ul className="dashboard__list">
        {suggestions.map(({ post, suggestion }) => (
          <li key={`${post.id}-${suggestion.handle}-${suggestion.role.id}`}>
            {suggestion.role.emoji} {suggestion.role.name}: {suggestion.user?.name ?? `@${suggestion.handle}`} <Link to={creditPeoplePath(post.databaseId)}>Credit people</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PendingCredits() {
  const { data } = useQuery(DashboardPendingCreditsDocument, { context: { timeoutMs: DASHBOARD_CALL_TIMEOUT_MS } });
  const credits = data?.viewerPendingCredits.nodes ?? [];
  if (credits.length === 0) return null;
  return (
    <section aria-labelledby="dashboard-pending-heading" className="home__section" data-testid="dashboard-pending-credits">
      <h2 id="dashboard-pending-heading">Credits to accept</h2>
      <ul className="dashboard__list">
        {credits.map((credit) => (
          <li key={credit.id}>
            {credit.role.emoji} {credit.role.name} on <Link to={`/posts/${credit.post.databaseId}`}>{credit.post.caption?.slice(0, 60) || 'a post'}</Link>{' '}
            <CreditResponseButtons credit={credit} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function NewNotifications() {
  const { data } = useQuery(DashboardNotificationsDocument, { context: { timeoutMs: DASHBOARD_CALL_TIMEOUT_MS } });
  const fresh = (data?.notifications.nodes ?? []).filter((notification) => notification.status === 'NEW');
  if (fresh.length === 0) return null;
  return (
    <section aria-labelledby="dashboard-notifications-heading" className="home__section" data-testid="dashboard-notifications">
      <h2 id="dashboard-notifications-heading">New notifications</h2>
      <ul className="dashboard__list">
        {fresh.map((notification) => (
          <li key={notification.id}>{notification.link ? <Link to={notification.link}>{notification.message}</Link> : notification.message}</li>
        ))}
      </ul>
      <Link to="/notifications">All notifications</Link>
    </section>
  );
}

/** The signed-in home page: track a link, then what is happening with the viewer's posts. */
export function DashboardPage() {
  const { data, loading, error } = useQuery(DashboardDocument, { context: { timeoutMs: DASHBOARD_CALL_TIMEOUT_MS } });
  return (
    <PageFrame heading="Dashboard" purpose="Your posts across networks, what changed this week, and credits waiting for you.">
      <section aria-label="Track a post" className="home__section dashboard__track">
        <TrackBox signedIn />
      </section>
      <PendingCredits />
      <NewNotifications />
      {loading && <Skeleton shape="card" lines={3} label="Loading your dashboard…" />}
      {error && <p role="alert">{MESSAGES.unexpected}</p>}
      {data && (
        <>
          <NetworkTotals networks={data.dashboard.networks} />
          <RecentPosts posts={data.dashboard.recentPosts} />
          <CreditSuggestions posts={data.dashboard.recentPosts} />
        </>
      )}
      <p>
        <Link to="/manager">Open the Content Manager</Link>
      </p>
    </PageFrame>
  );
}
