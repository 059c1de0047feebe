import { OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { AuditAction } from '../../../../domain/enums.js';
import { User } from '../users/user.entity.js';

/**
 * What someone did. While an admin masquerades, `actor` is the user acted as and
 * `masqueradingAdmin` the admin, so every action carries both identities.
 */
@Entity({ tableName: 'audit_logs' })
@Index({ name: 'audit_logs_actor_created_at_index', properties: ['actor', 'createdAt'] })
@Index({ name: 'audit_logs_target_index', properties: ['target', 'targetId'] })
@Index({
  name: 'audit_logs_login_actor_index',
  expression: `create index "audit_logs_login_actor_index" on "audit_logs" ("actor_id", "created_at" desc) where "action" = 'login'`,
})
export class AuditLog {
  [OptionalProps]?: 'createdAt' | 'fields';

  @PrimaryKey({ type: 'bigint', columnType: 'bigint' })
  id!: string;

  @Property({ type: 'string', length: 16 })
  action!: AuditAction;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  actor: Ref<User> | null = null;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  masqueradingAdmin: Ref<User> | null = null;

  @Property({ type: 'string', length: 64 })
  target!: string;

  @Property({ type: 'string', length: 64, nullable: true })
  targetId: string | null = null;

  @Property({ type: 'json', defaultRaw: "'{}'::jsonb" })
  fields: Record<string, unknown> = {};

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
