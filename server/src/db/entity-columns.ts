import type { EntityClass } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

const known = new Map<string, string>();

/**
 * An entity's own columns as a select list over `alias` (`u."id", u."email", …`), for statements
 * that hydrate the entity from a raw row. Written instead of `alias.*` so a prepared statement's
 * result type stays the same when a migration adds a column while older processes still run (a
 * rolling deploy): with `*`, every pooled connection of those processes would answer "cached
 * plan must not change result type". Worked out from the ORM's metadata once per entity.
 */
export function entityColumnsSql<T extends object>(em: EntityManager, entity: EntityClass<T>, alias: string): string {
  const key = `${entity.name}:${alias}`;
  const cached = known.get(key);
  if (cached) return cached;
  const meta = em.getMetadata().get(entity);
  const columns = meta.props
    .filter((prop) => prop.persist !== false && (prop.kind === 'scalar' || prop.kind === 'm:1' || (prop.kind === '1:1' && prop.owner)))
    .flatMap((prop) => prop.fieldNames ?? []);
  const sql = [...new Set(columns)].map((column) => `${alias}."${column}"`).join(', ');
  known.set(key, sql);
  return sql;
}
