import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { CREDIT_REPORT_STATUS, type CreditReportStatus } from '../../../../domain/enums.js';
import { Node } from '../../graphql/node.js';
import { Post } from '../posts/index.js';
import { User } from '../users/index.js';
import { Credit } from './credit.entity.js';
import { CreditReportStatusEnum } from './reports/credit-report.enums.js';

/**
 * Someone's report that a credit is wrong. Status 1 open, 0 closed (docs/product.md §Credits). Seen
 * by admins and the reporter only (`reports/credit-report.policy.ts`); its links are resolved in
 * `reports/`.
 */
@ObjectType('CreditReport', { implements: Node, description: 'Someone’s report that a credit is wrong, for admins to close (removing the credit or leaving it).' })
@Entity({ tableName: 'credit_reports' })
export class CreditReport {
  [OptionalProps]?: 'status' | 'createdAt' | 'creditRemoved';

  @Field(() => Int, { name: 'databaseId', description: 'The report’s number in the REST API.' })
  @PrimaryKey({ type: 'integer' })
  id!: number;

  /** Null once the credit was removed (by closing this report or otherwise); the report stays. */
  @Index({ name: 'credit_reports_credit_id_index' })
  @ManyToOne(() => Credit, { ref: true, nullable: true, deleteRule: 'set null' })
  credit: Ref<Credit> | null = null;

  /** The credit's post, kept so a closed report still says where the credit was. */
  @ManyToOne(() => Post, { ref: true, nullable: true, deleteRule: 'cascade' })
  post: Ref<Post> | null = null;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  reporter: Ref<User> | null = null;

  @Field(() => String, { nullable: true, description: 'Why the reporter says the credit is wrong, in their words.' })
  @Property({ type: 'text', nullable: true })
  reason: string | null = null;

  @Field(() => CreditReportStatusEnum, { description: 'OPEN until an admin closes it, then CLOSED.' })
  @Property({ type: 'smallint', default: CREDIT_REPORT_STATUS.open })
  status: CreditReportStatus = CREDIT_REPORT_STATUS.open;

  @Field(() => Date, { description: 'When it was reported.' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Field(() => Date, { nullable: true, description: 'When an admin closed it; null while open.' })
  @Property({ type: 'datetime', nullable: true })
  closedAt: Date | null = null;

  /** The admin who closed it; null while open or once that admin's account is gone. */
  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  closedBy: Ref<User> | null = null;

  /** Whether closing it removed the credit. */
  @Field(() => Boolean, { description: 'Whether closing it removed the credit.' })
  @Property({ type: 'boolean', default: false })
  creditRemoved: boolean = false;
}
