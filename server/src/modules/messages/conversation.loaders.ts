import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { Job, jobNode } from '../jobs/index.js';
import { Project, projectNode } from '../projects/index.js';
import { User, type RequestContext } from '../users/index.js';
import { Message } from './conversation.entity.js';

/*
 * Per-request batch loaders for conversation fields: however many conversations a page holds,
 * each of these is one query (or one permission-checked load). Keyed by the request's
 * EntityManager, as the other modules' loaders are.
 */

function perRequest<K, V>(store: WeakMap<EntityManager, DataLoader<K, V>>, em: EntityManager, batch: (keys: readonly K[]) => Promise<V[]>): DataLoader<K, V> {
  let loader = store.get(em);
  if (!loader) store.set(em, (loader = new DataLoader(batch)));
  return loader;
}

function byIdOrNull<T extends { id: number }>(ids: readonly number[], rows: T[]): Array<T | null> {
  const found = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => found.get(id) ?? null);
}

const userLoaders = new WeakMap<EntityManager, DataLoader<number, User | null>>();

/** The people of a page of conversations and messages. */
export function loadUser(em: EntityManager, userId: number): Promise<User | null> {
  return perRequest(userLoaders, em, async (ids) => byIdOrNull(ids, await em.find(User, { id: { $in: [...ids] } }))).load(userId);
}

const messageLoaders = new WeakMap<EntityManager, DataLoader<number, Message | null>>();

/** The last messages of a page of conversations. */
export function loadMessage(em: EntityManager, messageId: number): Promise<Message | null> {
  return perRequest(messageLoaders, em, async (ids) => byIdOrNull(ids, await em.find(Message, { id: { $in: [...ids] } }))).load(messageId);
}

interface ReadState {
  lastMessageId: number;
  lastReadMessageId: number | null;
}

const readStateLoaders = new WeakMap<EntityManager, DataLoader<string, ReadState | null>>();

/** One person's read state in each conversation of a page. */
export function loadReadState(em: EntityManager, conversationId: number, userId: number): Promise<ReadState | null> {
  return perRequest(readStateLoaders, em, async (keys) => {
    const pairs = keys.map((key) => key.split(':').map(Number) as [number, number]);
    const rows = await em.execute<Array<{ conversation_id: number; user_id: number; last_message_id: number; last_read_message_id: number | null }>>(
      `select "conversation_id", "user_id", "last_message_id", "last_read_message_id" from "conversation_participants"
        where ("conversation_id", "user_id") in (${pairs.map(() => '(?, ?)').join(', ')})`,
      pairs.flat(),
    );
    const found = new Map(rows.map((row) => [`${row.conversation_id}:${row.user_id}`, { lastMessageId: Number(row.last_message_id), lastReadMessageId: row.last_read_message_id === null ? null : Number(row.last_read_message_id) }]));
    return keys.map((key) => found.get(key) ?? null);
  }).load(`${conversationId}:${userId}`);
}

interface BlockState {
  viewerBlocked: boolean;
  blockedViewer: boolean;
}

const blockLoaders = new WeakMap<EntityManager, DataLoader<string, BlockState>>();

/** Whether the viewer blocked each person of a page, and whether each blocked the viewer. */
export function loadBlockState(em: EntityManager, viewerId: number, otherId: number): Promise<BlockState> {
  return perRequest(blockLoaders, em, async (keys) => {
    const pairs = keys.map((key) => key.split(':').map(Number) as [number, number]);
    const viewers = [...new Set(pairs.map(([viewer]) => viewer))];
    const others = [...new Set(pairs.map(([, other]) => other))];
    const rows = await em.execute<Array<{ blocker_id: number; blocked_id: number }>>(
      `select "blocker_id", "blocked_id" from "user_blocks"
        where ("blocker_id" in (?) and "blocked_id" in (?)) or ("blocker_id" in (?) and "blocked_id" in (?))`,
      [viewers, others, others, viewers],
    );
    const blocks = new Set(rows.map((row) => `${row.blocker_id}:${row.blocked_id}`));
    return pairs.map(([viewer, other]) => ({ viewerBlocked: blocks.has(`${viewer}:${other}`), blockedViewer: blocks.has(`${other}:${viewer}`) }));
  }).load(`${viewerId}:${otherId}`);
}

const jobLoaders = new WeakMap<EntityManager, DataLoader<number, Job | null>>();

/** A conversation's job, when the viewer may see it (the jobs module's own rule); else null. */
export function loadVisibleJob(context: RequestContext, jobId: number): Promise<Job | null> {
  return perRequest(jobLoaders, context.em, async (ids) => byIdOrNull(ids, await jobNode.loadVisible(context, [...ids]))).load(jobId);
}

const projectLoaders = new WeakMap<EntityManager, DataLoader<number, Project | null>>();

/** A conversation's project, when the viewer may see it (the projects module's own rule); else null. */
export function loadVisibleProject(context: RequestContext, projectId: number): Promise<Project | null> {
  return perRequest(projectLoaders, context.em, async (ids) => byIdOrNull(ids, await projectNode.loadVisible(context, [...ids]))).load(projectId);
}
