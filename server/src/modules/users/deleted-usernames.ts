import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * docs/product.md §Pages: the address of a deleted account answers 410 Gone. Its row is deleted,
 * so its name is kept in `deleted_usernames`, lower case since usernames are unique in any case.
 * Call this in the deleting transaction, with the user's row locked, just before the row goes: the
 * name is read from the row itself, so a rename a moment earlier cannot leave the old name behind.
 */
export async function rememberDeletedUsername(tx: EntityManager, userId: number): Promise<void> {
  await tx.execute(
    `insert into "deleted_usernames" ("username", "deleted_at")
     select lower("username"), now() from "users" where "id" = ? and "username" is not null
     on conflict ("username") do update set "deleted_at" = excluded."deleted_at"`,
    [userId],
  );
}

/**
 * Whether an account with this name (any case) was deleted. It says nothing of who holds the name
 * now: a name taken again is that person's profile, so ask for the profile first.
 */
export async function wasUsernameDeleted(em: EntityManager, username: string): Promise<boolean> {
  const rows = await em.execute<Array<{ found: number }>>('select 1 as found from "deleted_usernames" where "username" = lower(?) limit 1', [username]);
  return rows.length > 0;
}
