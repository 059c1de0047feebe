import { Arg, Args, Ctx, FieldResolver, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { Connection } from '../../graphql/connection.js';
import type { RequestContext } from '../users/index.js';
import { parseGlobalId } from '../../graphql/global-id.js';
import { MAX_NODES } from '../../graphql/node.js';
import { PageArgs, readKeysetPage } from '../../graphql/pagination.js';
import { InvalidInput } from '../../errors/app-errors.js';
import { requireViewer } from '../users/index.js';
import { notificationCountStream } from './notification-count-stream.js';
import { Notification } from './notification.entity.js';
import { NotificationKindEnum, publicNotificationKind, type NotificationKind } from './notification.enums.js';
import { countNewNotifications, listNotifications, markNotificationsSeen } from './notification.service.js';
import type { NotificationView } from './notification.view.js';
import { MarkNotificationsSeenInput, MarkNotificationsSeenPayload, NotificationConnection, NotificationCounts } from './notification.types.js';

@Resolver(() => Notification)
export class NotificationResolver {
  @Query(() => NotificationCounts, { description: "The viewer's count of new notifications." })
  async notificationCounts(@Ctx() context: RequestContext): Promise<NotificationCounts> {
    const viewer = requireViewer(context);
    return { new: await countNewNotifications(context.em, viewer.user.id) };
  }

  @Query(() => NotificationConnection, { description: "The viewer's notifications, newest first." })
  notifications(@Args(() => PageArgs) args: PageArgs, @Ctx() context: RequestContext): Promise<Connection<NotificationView>> {
    const viewer = requireViewer(context);
    return listNotifications(context.em, viewer, readKeysetPage(args));
  }

  @Mutation(() => MarkNotificationsSeenPayload, { description: 'Marks the given notifications (all when none are named) as seen.' })
  async markNotificationsSeen(
    @Arg('input', () => MarkNotificationsSeenInput, { description: 'The notifications to mark, or none for all.' }) input: MarkNotificationsSeenInput,
    @Ctx() context: RequestContext,
  ): Promise<MarkNotificationsSeenPayload> {
    const viewer = requireViewer(context);
    const ids = input.notificationIds ?? null;
    if (ids && ids.length > MAX_NODES) throw new InvalidInput(`notificationIds may name at most ${MAX_NODES} notifications`);
    const markedCount = await markNotificationsSeen(context.em, viewer.user.id, ids ? ids.map((id) => parseGlobalId(id, 'Notification')) : null);
    return { markedCount, notificationCounts: { new: await countNewNotifications(context.em, viewer.user.id) } };
  }

  @FieldResolver(() => NotificationKindEnum, { description: 'What the notification is about, for the client to offer its actions (accept a credit, answer an invitation…).' })
  kind(@Root() notification: NotificationView): NotificationKind {
    return publicNotificationKind(notification.kind);
  }
}

@Resolver()
export class NotificationSubscriptionResolver {
  @Subscription(() => NotificationCounts, {
    description: "The viewer's count of new notifications: sent at once, then on every change.",
    subscribe: ({ context }) => notificationCountStream(context as RequestContext),
  })
  notificationCounts(@Root() counts: NotificationCounts): NotificationCounts {
    return counts;
  }
}
