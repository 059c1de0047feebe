import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { USER_REPORT_OUTCOMES, type UserReportOutcome } from '../../../../domain/conversations.js';
import { closedSetEnum, screamingKeys } from '../../graphql/enums.js';
import { Node } from '../../graphql/node.js';
import { User } from '../users/index.js';

/**
 * Two people writing to each other (docs/product.md §Messages). One conversation per pair, and
 * one more per job or project it was started from: the pair is stored ordered (lower id first) so
 * a unique index over pair and context holds whoever starts. The context is kept as a plain id,
 * not a foreign key: a job or project deleted later leaves the conversation (and its uniqueness)
 * as it was, its context then reading as null.
 */
@ObjectType('Conversation', { implements: Node, description: 'Messages between the viewer and one other person, private to the two of them.' })
@Entity({ tableName: 'conversations' })
@Index({
  name: 'conversations_pair_context_unique',
  expression:
    'create unique index "conversations_pair_context_unique" on "conversations" ("user_low_id", "user_high_id", coalesce("context_job_id", 0), coalesce("context_project_id", 0))',
})
@Index({ name: 'conversations_user_high_id_index', properties: ['userHigh'] })
@Index({ name: 'conversations_started_by_created_index', properties: ['startedBy', 'createdAt'] })
export class Conversation {
  [OptionalProps]?: 'createdAt' | 'lastMessageAt' | 'lastMessageId' | 'contextJobId' | 'contextProjectId';

  @Field(() => Int, { name: 'databaseId', description: 'The conversation’s number in its page link (/messages/{databaseId}).' })
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  userLow!: Ref<User>;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  userHigh!: Ref<User>;

  /** Who wrote first: counts toward the new-account limit. */
  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  startedBy!: Ref<User> | null;

  @Property({ type: 'integer', nullable: true })
  contextJobId: number | null = null;

  @Property({ type: 'integer', nullable: true })
  contextProjectId: number | null = null;

  @Property({ type: 'integer', nullable: true })
  lastMessageId: number | null = null;

  @Field(() => Date, { description: 'When the last message was sent; lists are newest first by this.' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  lastMessageAt: Date = new Date();

  @Field(() => Date, { description: 'When the first message was sent (UTC).' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

/**
 * One person's side of a conversation: where they read up to. The conversation's last message id
 * is copied here on every message, so a person's list (newest activity first) and unread count are
 * one index each, with no join.
 */
@Entity({ tableName: 'conversation_participants' })
@Unique({ name: 'conversation_participants_conversation_user_unique', properties: ['conversation', 'user'] })
@Index({ name: 'conversation_participants_user_last_message_index', properties: ['user', 'lastMessageId'] })
export class ConversationParticipant {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => Conversation, { ref: true, deleteRule: 'cascade' })
  conversation!: Ref<Conversation>;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  user!: Ref<User>;

  @Property({ type: 'integer' })
  lastMessageId!: number;

  @Property({ type: 'integer', nullable: true })
  lastReadMessageId: number | null = null;

  @Property({ type: 'datetime', nullable: true })
  lastReadAt: Date | null = null;

  /** The last message a daily digest carried to this person, so none is carried twice. */
  @Property({ type: 'integer', nullable: true })
  digestedMessageId: number | null = null;
}

@ObjectType('Message', { implements: Node, description: 'One message of a conversation: plain text. Show it escaped, linking only web addresses.' })
@Entity({ tableName: 'messages' })
@Index({ name: 'messages_conversation_id_index', properties: ['conversation', 'id'] })
@Index({ name: 'messages_sender_created_index', properties: ['sender', 'createdAt'] })
export class Message {
  [OptionalProps]?: 'createdAt';

  @Field(() => Int, { name: 'databaseId', description: 'The message’s number in Byline’s database; use id for everything else.' })
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => Conversation, { ref: true, deleteRule: 'cascade' })
  conversation!: Ref<Conversation>;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  sender!: Ref<User>;

  @Field(() => String, { description: 'Plain text, 1 to 5,000 characters; line breaks kept.' })
  @Property({ type: 'text' })
  body!: string;

  @Field(() => Date, { description: 'When it was sent (UTC).' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

/** A person blocks another: neither can write to the other while it lasts (docs/product.md §Messages). */
@Entity({ tableName: 'user_blocks' })
@Unique({ name: 'user_blocks_blocker_blocked_unique', properties: ['blocker', 'blocked'] })
@Index({ name: 'user_blocks_blocked_id_index', properties: ['blocked'] })
export class UserBlock {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  blocker!: Ref<User>;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  blocked!: Ref<User>;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

export const UserReportOutcomeEnum = closedSetEnum<UserReportOutcome>('UserReportOutcome', screamingKeys(USER_REPORT_OUTCOMES), 'What an admin did about a report of a person.', {
  NO_ACTION: 'Nothing needed doing.',
  WARNED: 'The person was warned.',
  SUSPENDED: 'The person was suspended. Recorded only: Byline has no suspension of accounts to carry out.',
});

/** A person reported to the admins, with the reporter's reason; only admins read these. */
@ObjectType('UserReport', { implements: Node, description: 'A person reported to the admins by someone they wrote to or who wrote to them. Admins only.' })
@Entity({ tableName: 'user_reports' })
@Index({ name: 'user_reports_reported_id_index', properties: ['reported'] })
@Index({ name: 'user_reports_reporter_id_index', properties: ['reporter'] })
export class UserReport {
  [OptionalProps]?: 'createdAt' | 'conversationId' | 'resolvedAt' | 'resolvedBy' | 'outcome';

  @Field(() => Int, { name: 'databaseId', description: 'The report’s number in Byline’s database; use id for everything else.' })
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  reporter!: Ref<User> | null;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  reported!: Ref<User>;

  @Field(() => String, { description: 'Why, in the reporter’s words (at most 1,000 characters).' })
  @Property({ type: 'string', length: 1000 })
  reason!: string;

  /** The conversation it was reported from, if any; an id, so a report outlives it. */
  @Property({ type: 'integer', nullable: true })
  conversationId: number | null = null;

  @Field(() => Date, { description: 'When it was made (UTC); the admins’ list is newest first.' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Field(() => Date, { nullable: true, description: 'When an admin resolved it; null while it is open.' })
  @Property({ type: 'datetime', nullable: true })
  resolvedAt: Date | null = null;

  /** The admin who resolved it (null once their account is gone). */
  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  resolvedBy: Ref<User> | null = null;

  @Field(() => UserReportOutcomeEnum, { nullable: true, description: 'What the admin did about it; null while it is open.' })
  @Property({ type: 'string', length: 16, nullable: true })
  outcome: UserReportOutcome | null = null;
}
