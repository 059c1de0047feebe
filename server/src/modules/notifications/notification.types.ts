import { Field, Int, ObjectType } from 'type-graphql';
import { Notification } from './notification.entity.js';

@ObjectType('NotificationCounts')
export class NotificationCounts {
  @Field(() => Int, { description: 'How many notifications are new (not yet seen).' })
  new!: number;
}

@ObjectType('NotificationConnection')
export class NotificationConnection {
  @Field(() => [Notification]) nodes!: Notification[];
  @Field(() => String, { nullable: true }) endCursor!: string | null;
  @Field(() => Boolean) hasNextPage!: boolean;
}
