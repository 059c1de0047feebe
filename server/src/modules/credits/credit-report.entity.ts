import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { CREDIT_REPORT_STATUS } from '../../../../domain/enums.js';
import { User } from '../users/user.entity.js';
import { Credit } from './credit.entity.js';

/** Someone's report that a credit is wrong. Status 1 open, 0 closed. */
@Entity({ tableName: 'credit_reports' })
export class CreditReport {
  [OptionalProps]?: 'status' | 'createdAt';

  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Index({ name: 'credit_reports_credit_id_index' })
  @ManyToOne(() => Credit, { ref: true, deleteRule: 'cascade' })
  credit!: Ref<Credit>;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  reporter: Ref<User> | null = null;

  @Property({ type: 'text', nullable: true })
  reason: string | null = null;

  @Property({ type: 'smallint', default: CREDIT_REPORT_STATUS.open })
  status: number = CREDIT_REPORT_STATUS.open;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
