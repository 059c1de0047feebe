import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { connectionType } from '../../graphql/connection.js';
import { Notification } from './notification.entity.js';

@ObjectType('NotificationCounts', { description: 'The viewer’s live counts beside the bell: new notifications and unread conversations.' })
export class NotificationCounts {
  @Field(() => Int, { description: 'How many notifications are new (not yet seen).' })
  new!: number;
}

export const NotificationConnection = connectionType('Notification', Notification, { totalCount: true });

@InputType('MarkNotificationsSeenInput', { description: 'Which of the viewer’s notifications to mark seen.' })
export class MarkNotificationsSeenInput {
  @Field(() => [ID], { nullable: true, description: 'Global ids of the viewer’s notifications (at most 100); omitted: all of them.' })
  notificationIds?: string[] | null;
}

@ObjectType('MarkNotificationsSeenPayload', { description: 'How many were marked, and the new count.' })
export class MarkNotificationsSeenPayload {
  @Field(() => Int, { description: 'How many were new and are now seen.' }) markedCount!: number;
  @Field(() => NotificationCounts, { description: 'The viewer’s count of new notifications afterwards.' }) notificationCounts!: NotificationCounts;
}
