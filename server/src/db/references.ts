import type { EntityClass } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The entity with this id, for a field resolver whose parent is a plain row (read without the ORM's
 * entities). It goes through MikroORM's reference dataloader, as `entity.relation.loadOrFail()`
 * does, so every row of a page asks in one statement, and an entity this request already holds
 * costs nothing.
 */
export function loadById<T extends { id: number }>(em: EntityManager, entity: EntityClass<T>, id: number): Promise<T> {
  return em.getReference(entity, id as never, { wrapped: true }).loadOrFail();
}

/** `loadById`, or null when the row is gone (as `reference.load()` answers). */
export async function findById<T extends { id: number }>(em: EntityManager, entity: EntityClass<T>, id: number): Promise<T | null> {
  return (await em.getReference(entity, id as never, { wrapped: true }).load()) ?? null;
}

/** A timestamp column as `em.execute` returns it (MikroORM keeps PostgreSQL's text; its entities parse it the same way). */
export function timestampFromColumn(value: string | Date): Date {
  return value instanceof Date ? value : new Date(value);
}
