import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { Node } from '../../graphql/node.js';
import { closedSetEnum } from '../../graphql/enums.js';
import { User } from '../users/index.js';

export type AnnouncementStatus = 'sending' | 'sent';

export const AnnouncementStatusEnum = closedSetEnum<AnnouncementStatus>('AnnouncementStatus', { SENDING: 'sending', SENT: 'sent' }, 'Where an announcement’s delivery stands.', {
  SENDING: 'The delivery job is telling every account, in batches.',
  SENT: 'Every account has been told (as its Product news preference says).',
});

/**
 * Product news an admin sent to every account (docs/product.md §Product news). The delivery job
 * tells accounts in id order, a batch per transaction, and moves `deliveredThrough` to the last
 * account done under this row's lock: a second worker waits for it and carries on from there.
 */
@ObjectType('Announcement', { implements: Node, description: 'Product news an admin sent to every account. Only admins see announcements as such; each person sees their own notification.' })
@Entity({ tableName: 'announcements' })
export class Announcement {
  [OptionalProps]?: 'link' | 'status' | 'deliveredThrough' | 'reachedCount' | 'createdBy' | 'createdAt' | 'sentAt';

  @Field(() => Int, { name: 'databaseId', description: 'The announcement’s number.' })
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Field(() => String, { description: 'Its title: the notification’s words and the mail’s subject.' })
  @Property({ type: 'string', length: 120 })
  title!: string;

  @Field(() => String, { description: 'Its body as written, in Markdown (bodyHtml is it rendered).' })
  @Property({ type: 'text' })
  body!: string;

  @Field(() => String, { nullable: true, description: 'Where it leads: a path on Byline or an https address.' })
  @Property({ type: 'string', length: 2048, nullable: true })
  link: string | null = null;

  @Field(() => AnnouncementStatusEnum, { description: 'SENDING while the queue job tells accounts, then SENT.' })
  @Property({ type: 'string', length: 16, default: 'sending' })
  status: AnnouncementStatus = 'sending';

  /** The last account id the delivery job has done; internal. */
  @Property({ type: 'integer', default: 0 })
  deliveredThrough = 0;

  @Field(() => Int, { description: 'How many accounts it reached so far: everyone told but those whose Product news is Off.' })
  @Property({ type: 'integer', default: 0 })
  reachedCount = 0;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  createdBy: Ref<User> | null = null;

  @Field(() => Date, { description: 'When the admin sent it (UTC).' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Field(() => Date, { nullable: true, description: 'When the last account was told; null while sending.' })
  @Property({ type: 'datetime', nullable: true })
  sentAt: Date | null = null;
}
