import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { AuditAction } from '../../../../domain/enums.js';

/**
 * What someone did. While an admin masquerades, `actorId` is the user acted as and
 * `masqueradingAdminId` the admin, so every action carries both identities.
 *
 * The people are ids, not ORM relations: every module writes the audit log and it reads none of
 * them, so it sits below all of them (docs/architecture.md). The database keeps the foreign keys
 * (a deleted person's rows keep their action with no actor).
 */
@Entity({ tableName: 'audit_logs' })
@Index({ name: 'audit_logs_actor_created_at_index', properties: ['actorId', 'createdAt'] })
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

  @Property({ type: 'integer', fieldName: 'actor_id', nullable: true })
  actorId: number | null = null;

  @Property({ type: 'integer', fieldName: 'masquerading_admin_id', nullable: true })
  masqueradingAdminId: number | null = null;

  @Property({ type: 'string', length: 64 })
  target!: string;

  @Property({ type: 'string', length: 64, nullable: true })
  targetId: string | null = null;

  @Property({ type: 'json', defaultRaw: "'{}'::jsonb" })
  fields: Record<string, unknown> = {};

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
