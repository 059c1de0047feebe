import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { Link } from '@router';
import * as MESSAGES from '@domain/messages';
import { MarkdownBody } from '@features/content';
import { CreditResponseButtons } from '@features/credits';
import { MarkNotificationsSeenDocument, NotificationsDocument, type NotificationsQuery } from '@gql/graphql';
import { DateText } from '@ui/DateText';
import { EmptyState } from '@ui/EmptyState';
import { PageFrame } from '@ui/PageFrame';
import { Skeleton } from '@ui/Skeleton';
import { ProjectCreditOffer, ProjectInvitationAnswer } from './ProjectNotificationActions';
import './notifications.css';

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const EMPTY_NOTIFICATIONS = 'No notifications yet. You will hear here when your posts are imported, when someone credits you, and when your teams need you.';

type Notification = NotificationsQuery['notifications']['nodes'][number];

/** The ids on screen that are still new and not yet sent to the server as seen. */
function unseenIds(notifications: readonly Notification[], alreadySent: Set<string>): string[] {
  return notifications.filter((n) => n.status === 'NEW' && !alreadySent.has(n.id)).map((n) => n.id);
}

/**
 * A credit waiting for the viewer's answer (one click from the notification): the buttons
 * while it is pending for them, then what they chose. The answer is read from the credit in
 * the cache, so it shows at once (optimistic), goes back if the server refuses, and the post
 * page and every other list showing that credit follow.
 */
function CreditAnswer({ credit }: { credit: NonNullable<Notification['credit']> }) {
  const [statusWhenShown] = useState(credit.status);
  if (statusWhenShown === 'PENDING' && credit.status !== 'PENDING') {
    return (
      <span className="notification__answer" role="status">
        {credit.status === 'ACCEPTED' ? 'Credit accepted' : 'Credit declined'}
      </span>
    );
  }
  if (!credit.viewerCan.accept) return null;
  return <CreditResponseButtons credit={credit} />;
}

/** Where the message leads: an assignment goes straight to its project's Deliverables tab (docs/product.md §Projects). */
function linkOf(notification: Notification): string | null {
  const deliverable = notification.projectDeliverable;
  if (notification.kind === 'PROJECT_DELIVERABLE_ASSIGNED' && deliverable) return `${deliverable.project.path}/deliverables`;
  return notification.link ?? null;
}

/** What a project notification lets the viewer do in place (docs/product.md §Projects). */
function ProjectAction({ notification }: { notification: Notification }) {
  const { kind, projectCollaborator, projectDeliverable } = notification;
  if (kind === 'PROJECT_INVITATION' && projectCollaborator) return <ProjectInvitationAnswer invitation={projectCollaborator} />;
  if (kind === 'PROJECT_CREDIT_OFFER' && projectDeliverable) return <ProjectCreditOffer deliverable={projectDeliverable} />;
  return null;
}

function NotificationItem({ notification }: { notification: Notification }) {
  const isNew = notification.status === 'NEW';
  const text = <span className="notification__message">{notification.message}</span>;
  const link = linkOf(notification);
  return (
    <li className={isNew ? 'notification notification--new' : 'notification'}>
      {/* Links are paths inside the app (e.g. the imported post); product news may lead elsewhere. */}
      {link?.startsWith('/') ? (
        <Link to={link}>{text}</Link>
      ) : link?.startsWith('https://') ? (
        <a href={link} target="_blank" rel="noreferrer">
          {text}
        </a>
      ) : (
        text
      )}
      {notification.announcement && (
        <div className="notification__news">
          <MarkdownBody html={notification.announcement.bodyHtml} />
        </div>
      )}
      {notification.credit && <CreditAnswer credit={notification.credit} />}
      <ProjectAction notification={notification} />
      <span className="notification__meta">
        {isNew && <span className="notification__badge">New</span>}
        <DateText iso={notification.createdAt} />
      </span>
    </li>
  );
}

/**
 * The viewer's notifications, newest first, with "Load more" paging. What is shown is
 * marked seen, so the new-notification count in the top bar drops (it is live). Items
 * keep their "New" badge while the page is open, so the visitor can tell what was new.
 */
export default function NotificationsPage() {
  const { data, loading, error, fetchMore } = useQuery(NotificationsDocument, {
    variables: { first: NOTIFICATIONS_PAGE_SIZE },
    // Always the latest list when the page opens.
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const [markSeen] = useMutation(MarkNotificationsSeenDocument);
  const sentAsSeen = useRef(new Set<string>());
  const connection = data?.notifications;

  useEffect(() => {
    if (!connection) return;
    const ids = unseenIds(connection.nodes, sentAsSeen.current);
    if (ids.length === 0) return;
    for (const id of ids) sentAsSeen.current.add(id);
    // Not essential to the page: a failure just leaves them new for next time.
    markSeen({ variables: { input: { notificationIds: ids } } }).catch(() => {});
  }, [connection, markSeen]);

  const loadMore = () =>
    fetchMore({
      variables: { after: connection?.pageInfo.endCursor ?? null },
      updateQuery: (previous, { fetchMoreResult }) => ({
        ...fetchMoreResult,
        notifications: {
          ...fetchMoreResult.notifications,
          nodes: [...(previous.notifications?.nodes ?? []), ...fetchMoreResult.notifications.nodes],
        },
      }),
    });

  return (
    <PageFrame heading="Notifications" purpose="Updates about your posts, your credits and your teams.">
      {!connection && loading && <Skeleton lines={4} label="Loading notifications…" />}
      {!connection && error && <p role="alert">{MESSAGES.unexpected}</p>}
      {connection && connection.nodes.length === 0 && <EmptyState title={EMPTY_NOTIFICATIONS} />}
      {connection && connection.nodes.length > 0 && (
        <ol className="notifications" aria-label="Notifications">
          {connection.nodes.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} />
          ))}
        </ol>
      )}
      {connection?.pageInfo.hasNextPage && (
        <button type="button" className="button button--outline notifications__more" onClick={() => void loadMore()} disabled={loading}>
          {loading ? 'Loading…' : 'Load more'}
        </button>
      )}
    </PageFrame>
  );
}
