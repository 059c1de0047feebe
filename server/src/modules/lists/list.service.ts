import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { BUILT_IN_LISTS, checkListName, LIST_MESSAGES, MAX_ITEMS_PER_LIST, MAX_LISTS_PER_USER } from '../../../../domain/lists.js';
import * as MESSAGES from '../../../../domain/messages.js';
import { Conflict, Forbidden, InvalidInput, NotFound, Unauthenticated } from '../../errors/app-errors.js';
import type { Connection } from '../../graphql/connection.js';
import { findConnection, type KeysetPage } from '../../graphql/pagination.js';
import type { Viewer } from '../users/index.js';
import { findVisiblePost } from '../posts/index.js';
import { lockUserRow, User } from '../users/index.js';
import { List, ListPersonEntry, ListPostEntry } from './list.entity.js';
import { canManageList, canRenameOrDeleteList, ownListsFilter } from './list.policy.js';

/** What goes in or out of a list: a person or a post, by database id. */
export type ListItem = { userId: number } | { postId: number };

/**
 * Favorites and Prospects exist for everyone. They are made the first time a person's lists are
 * read or a list is created (one idempotent insert; the partial unique index keeps one of each),
 * rather than at sign-up, so people who signed up before lists existed have them too. Because
 * they are always made before any list of the person's own, their ids are the person's lowest:
 * ordering by id shows them first.
 */
export async function ensureBuiltInLists(em: EntityManager, ownerId: number): Promise<void> {
  const values = BUILT_IN_LISTS.map(() => `(?, ?, ?)`).join(', ');
  await em.execute(
    `insert into "lists" ("owner_id", "kind", "name") values ${values} on conflict do nothing`,
    BUILT_IN_LISTS.flatMap((list) => [ownerId, list.kind, list.name]),
  );
}

/** The viewer's lists: Favorites, Prospects, then their own in the order they were made. */
export async function listOwnLists(em: EntityManager, viewer: Viewer, page: KeysetPage): Promise<Connection<List>> {
  await ensureBuiltInLists(em, viewer.user.id);
  const filter = ownListsFilter(viewer);
  return findConnection(
    page,
    'asc',
    (window) => em.find(List, { ...filter, ...(window.idCondition ? { id: window.idCondition } : {}) }, { orderBy: { id: window.orderBy }, limit: window.limit }),
    () => em.count(List, filter),
  );
}

/** A list the viewer owns; anyone else's, or none, is "not found" alike. */
export async function findOwnList(em: EntityManager, viewer: Viewer, listId: number): Promise<List> {
  const list = await em.findOne(List, { id: listId, ...ownListsFilter(viewer) });
  if (!list || !canManageList(viewer, list)) throw new NotFound(LIST_MESSAGES.listNotFound);
  return list;
}

/** For node(id:) and the list page: the given lists that belong to the viewer. */
export function findVisibleLists(em: EntityManager, viewer: Viewer | null, ids: number[]): Promise<List[]> {
  if (!viewer) return Promise.resolve([]);
  return em.find(List, { id: { $in: ids }, ...ownListsFilter(viewer) });
}

/**
 * The people in one of the viewer's lists, newest first: the creator search's `list` filter.
 * Throws Unauthenticated signed out and NotFound for a list that is not the viewer's (admins
 * included), the same answers as the list's own page.
 */
export async function userIdsInList(em: EntityManager, viewer: Viewer | null, listId: number): Promise<number[]> {
  if (!viewer) throw new Unauthenticated();
  const list = await findOwnList(em, viewer, listId);
  const entries = await em.find(ListPersonEntry, { list: list.id }, { fields: ['user'], orderBy: { id: 'desc' } });
  return entries.map((entry) => entry.user.id);
}

function nameOrThrow(raw: string): string {
  const checked = checkListName(raw);
  if ('error' in checked) throw new InvalidInput(checked.error, { field: 'name' });
  return checked.name;
}

/** Names are unique per owner whatever their case ("That resource already exists"). */
async function requireFreeName(tx: EntityManager, ownerId: number, name: string, exceptListId: number | null): Promise<void> {
  const [taken] = await tx.execute<Array<{ id: number }>>(
    `select "id" from "lists" where "owner_id" = ? and lower("name") = lower(?) and "id" <> ? limit 1`,
    [ownerId, name, exceptListId ?? 0],
  );
  if (taken) throw new Conflict();
}

/** The unique indexes back the checks above; a race that slips past them still answers Conflict. */
async function conflictOnDuplicate<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw new Conflict();
    throw error;
  }
}

export function createList(em: EntityManager, viewer: Viewer, rawName: string): Promise<List> {
  const name = nameOrThrow(rawName);
  return conflictOnDuplicate(() =>
    em.transactional(async (tx) => {
      // The owner's row is locked so that two creations at once cannot both pass the limit or take one name.
      await lockUserRow(tx, viewer.user.id);
      await ensureBuiltInLists(tx, viewer.user.id);
      if ((await tx.count(List, ownListsFilter(viewer))) >= MAX_LISTS_PER_USER) throw new InvalidInput(LIST_MESSAGES.tooManyLists);
      await requireFreeName(tx, viewer.user.id, name, null);
      const list = tx.create(List, { owner: tx.getReference(User, viewer.user.id), kind: 'custom', name });
      await tx.flush();
      return list;
    }),
  );
}

export function renameList(em: EntityManager, viewer: Viewer, listId: number, rawName: string): Promise<List> {
  const name = nameOrThrow(rawName);
  return conflictOnDuplicate(() =>
    em.transactional(async (tx) => {
      await lockUserRow(tx, viewer.user.id);
      const list = await findOwnList(tx, viewer, listId);
      if (!canRenameOrDeleteList(viewer, list)) throw new Forbidden(LIST_MESSAGES.builtInFixed);
      // Changing only the case of a name ("mood" → "Mood") is a rename like any other.
      await requireFreeName(tx, viewer.user.id, name, list.id);
      list.name = name;
      await tx.flush();
      return list;
    }),
  );
}

/** Deletes one of the viewer's own lists with what it holds (the people and posts themselves stay). */
export async function deleteList(em: EntityManager, viewer: Viewer, listId: number): Promise<List> {
  const list = await findOwnList(em, viewer, listId);
  if (!canRenameOrDeleteList(viewer, list)) throw new Forbidden(LIST_MESSAGES.builtInFixed);
  await em.nativeDelete(List, { id: list.id });
  return list;
}

/** Checks that the person or post exists for the viewer: a post they may not see is "not found". */
async function requireItem(em: EntityManager, viewer: Viewer, item: ListItem): Promise<void> {
  if ('userId' in item) {
    if (!(await em.findOne(User, item.userId, { fields: ['id'] }))) throw new NotFound(MESSAGES.userNotFound);
  } else if (!(await findVisiblePost(em, viewer, item.postId))) {
    throw new NotFound('Post not found');
  }
}

/**
 * Adds a person or a post to one of the viewer's lists. The same one twice is a Conflict ("That
 * resource already exists"): the Add-to-list menu shows what is in, so a second add is a mistake
 * or a race worth telling the client about.
 */
export async function addToList(em: EntityManager, viewer: Viewer, listId: number, item: ListItem): Promise<List> {
  const list = await findOwnList(em, viewer, listId);
  await requireItem(em, viewer, item);
  await em.transactional(async (tx) => {
    // The list's row is locked so that adds at once cannot pass the limit together.
    await tx.execute(`select 1 from "lists" where "id" = ? for update`, [list.id]);
    const [count] = await tx.execute<Array<{ total: string | number }>>(
      `select (select count(*) from "list_people" where "list_id" = ?) + (select count(*) from "list_posts" where "list_id" = ?) as "total"`,
      [list.id, list.id],
    );
    if (Number(count?.total ?? 0) >= MAX_ITEMS_PER_LIST) throw new InvalidInput(LIST_MESSAGES.listFull);
    const [table, column, id] = 'userId' in item ? ['list_people', 'user_id', item.userId] : ['list_posts', 'post_id', item.postId];
    const inserted = await tx.execute<Array<{ id: number }>>(
      `insert into "${table}" ("list_id", "${column}") values (?, ?) on conflict do nothing returning "id"`,
      [list.id, id],
    );
    if (inserted.length === 0) throw new Conflict();
  });
  return list;
}

/** Takes a person or a post out of one of the viewer's lists. */
export async function removeFromList(em: EntityManager, viewer: Viewer, listId: number, item: ListItem): Promise<List> {
  const list = await findOwnList(em, viewer, listId);
  const removed =
    'userId' in item ? await em.nativeDelete(ListPersonEntry, { list: list.id, user: item.userId }) : await em.nativeDelete(ListPostEntry, { list: list.id, post: item.postId });
  if (removed === 0) throw new NotFound(LIST_MESSAGES.notInList);
  return list;
}
