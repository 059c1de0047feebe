import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { Node } from '../../graphql/node.js';
import { NotificationStatusEnum } from './notification.enums.js';
import type { NotificationStatus } from '../../../../domain/enums.js';
import { User } from '../users/index.js';
import { Credit } from '../credits/index.js';

@ObjectType('Notification', { implements: Node, description: 'Something the viewer should know: an import done or failed, a change to their account.' })
@Entity({ tableName: 'notifications' })
@Index({ name: 'notifications_user_status_index', properties: ['user', 'status'] })
@Index({ name: 'notifications_user_created_at_index', properties: ['user', 'createdAt'] })
export class Notification {
  [OptionalProps]?: 'status' | 'createdAt' | 'projectCollaboratorId' | 'projectDeliverableId' | 'announcementId' | 'mailDelivery';

  @Field(() => Int, { name: 'databaseId', description: 'The notification’s number in the REST API.' })
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  /** Stored as text; GraphQL shows it through NotificationKind (see the resolver). */
  @Property({ type: 'string', length: 48 })
  kind!: string;

  @Field(() => String, { description: 'What happened, in words to show.' })
  @Property({ type: 'text' })
  message!: string;

  @Field(() => String, { nullable: true, description: 'Where to go to see it (a path in the app).' })
  @Property({ type: 'text', nullable: true })
  link: string | null = null;

  /** The credit a credit notification is about (GraphQL: `Notification.credit`, checked per viewer). */
  @ManyToOne(() => Credit, { ref: true, nullable: true, deleteRule: 'set null' })
  credit: Ref<Credit> | null = null;

  /**
   * The project collaborator row an invitation is about (GraphQL: `Notification.projectCollaborator`,
   * resolved by the projects module). A plain id: the projects module depends on this one, not the reverse.
   */
  @Property({ type: 'integer', nullable: true })
  projectCollaboratorId: number | null = null;

  /** The deliverable whose published post offers the recipient a credit (`Notification.projectDeliverable`). */
  @Property({ type: 'integer', nullable: true })
  projectDeliverableId: number | null = null;

  /** The announcement a Product news notification carries (`Notification.announcement`, resolved by the announcements module). */
  @Property({ type: 'integer', nullable: true })
  announcementId: number | null = null;

  /**
   * The mail this notification still owes: 'now' (the mail sweep sends it) or 'digest' (the next
   * daily digest takes it); null once mailed or when its kind is not mailed (docs/product.md
   * §Notification preferences). Internal: not a GraphQL field.
   */
  @Property({ type: 'string', length: 16, nullable: true })
  mailDelivery: 'now' | 'digest' | null = null;

  @Field(() => NotificationStatusEnum, { description: 'NEW until seen, then SEEN.' })
  @Property({ type: 'string', length: 8, default: 'new' })
  status: NotificationStatus = 'new';

  @Field(() => Date, { description: 'When it happened (UTC); /notifications lists newest first.' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
