import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, ID, ObjectType } from 'type-graphql';
import type { NotificationStatus } from '../../../../domain/enums.js';
import { User } from '../users/user.entity.js';

@ObjectType('Notification')
@Entity({ tableName: 'notifications' })
@Index({ name: 'notifications_user_status_index', properties: ['user', 'status'] })
@Index({ name: 'notifications_user_created_at_index', properties: ['user', 'createdAt'] })
export class Notification {
  [OptionalProps]?: 'status' | 'createdAt';

  @Field(() => ID)
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Field(() => String, { description: 'What happened, e.g. post_imported.' })
  @Property({ type: 'string', length: 48 })
  kind!: string;

  @Field(() => String)
  @Property({ type: 'text' })
  message!: string;

  @Field(() => String, { nullable: true, description: 'Where to go to see it (a path in the app).' })
  @Property({ type: 'text', nullable: true })
  link: string | null = null;

  @Field(() => String, { description: 'new or seen.' })
  @Property({ type: 'string', length: 8, default: 'new' })
  status: NotificationStatus = 'new';

  @Field(() => Date)
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
