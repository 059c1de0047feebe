import { Arg, Args, Ctx, ID, Int, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import type { RequestContext } from '../../graphql/context.js';
import { parseId } from '../../graphql/ids.js';
import { PageArgs, readIdPage } from '../../graphql/pagination.js';
import { requireViewer } from '../auth/sessions/guards.js';
import { notificationCountStream } from './notification-count-stream.js';
import {
  countNewNotifications,
  listNotifications,
  markNotificationsSeen,
} from './notification.service.js';
import { NotificationConnection, NotificationCounts } from './notification.types.js';

@Resolver()
export class NotificationResolver {
  @Query(() => NotificationCounts, { description: "The viewer's count of new notifications." })
  async notificationCounts(@Ctx() context: RequestContext): Promise<NotificationCounts> {
    const viewer = requireViewer(context);
    return { new: await countNewNotifications(context.em, viewer.user.id) };
  }

  @Query(() => NotificationConnection, { description: "The viewer's notifications, newest first." })
  notifications(@Args(() => PageArgs) args: PageArgs, @Ctx() context: RequestContext): Promise<NotificationConnection> {
    const viewer = requireViewer(context);
    return listNotifications(context.em, viewer.user.id, readIdPage(args));
  }

  @Mutation(() => Int, { description: 'Marks the given notifications (all when ids is omitted) as seen; returns how many changed.' })
  markNotificationsSeen(
    @Arg('ids', () => [ID], { nullable: true }) ids: string[] | null,
    @Ctx() context: RequestContext,
  ): Promise<number> {
    const viewer = requireViewer(context);
    return markNotificationsSeen(context.em, viewer.user.id, ids ? ids.map(parseId) : null);
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
