import type { EntityManager } from '@mikro-orm/postgresql';
import { fromKysely, type KyselyTransactionLike, type PgBoss } from 'pg-boss';
import {
  CONVERSATION_MESSAGES,
  checkMessageBody,
  checkUserReportReason,
  dailyLimitWindowStart,
  mayStartAnotherConversation,
  messageLimitRefusal,
  minuteLimitWindowStart,
  orderedPair,
  type UserReportOutcome,
} from '../../../../domain/conversations.js';
import type { Connection } from '../../graphql/connection.js';
import { connectionFromRows, findConnection, type KeysetPage } from '../../graphql/pagination.js';
import { Conflict, Forbidden, InvalidInput, NotFound, RateLimited } from '../../errors/app-errors.js';
import { auditViewer, recordAudit } from '../audit/index.js';
import { MAIL_QUEUE, newConversationMail, publicLink } from '../mail/index.js';
import { announceCountChange } from '../notifications/index.js';
import { User, type Viewer } from '../users/index.js';
import { Conversation, ConversationParticipant, Message, UserBlock, UserReport } from './conversation.entity.js';
import { announceConversationActivity } from './conversation-activity.js';
import { participantFilter } from './conversation.policy.js';
import { footerFor, notificationDeliveryOf, unsubscribeHeaders, type NotificationMailConfig } from '../notifications/index.js';

/** What starting a conversation needs besides the database: the queue for the recipient's mail and the public origin for its link. */
export interface ConversationMailDeps extends NotificationMailConfig {
  boss: PgBoss;
}

export interface ConversationContextIds {
  jobId: number | null;
  projectId: number | null;
}

/** The conversation's page in the app: the link mailed to the recipient. */
export function conversationPath(conversationId: number): string {
  return `/messages/${conversationId}`;
}

function readBody(raw: string): string {
  const checked = checkMessageBody(raw);
  if ('error' in checked) throw new InvalidInput(checked.error);
  return checked.body;
}

/** Whether either of the two blocks the other: then neither may write (docs/product.md §Messages). */
export async function isBlockedEitherWay(em: EntityManager, a: number, b: number): Promise<boolean> {
  const rows = await em.execute<Array<{ one: number }>>(
    `select 1 as "one" from "user_blocks" where ("blocker_id" = ? and "blocked_id" = ?) or ("blocker_id" = ? and "blocked_id" = ?) limit 1`,
    [a, b, b, a],
  );
  return rows.length > 0;
}

/**
 * Refuses a write between two people who may not write to each other: oneself, an account that is
 * gone, or a blocked pair (either way). The blocked side reads the same plain answer as a gone
 * account, so a block is not announced.
 */
async function assertMayWrite(em: EntityManager, senderId: number, recipientId: number): Promise<User> {
  if (senderId === recipientId) throw new InvalidInput(CONVERSATION_MESSAGES.notYourself);
  const recipient = await em.findOne(User, { id: recipientId });
  if (!recipient || (await isBlockedEitherWay(em, senderId, recipientId))) throw new Forbidden(CONVERSATION_MESSAGES.cannotMessage);
  return recipient;
}

async function countStartedSince(em: EntityManager, userId: number, since: Date): Promise<number> {
  const [row] = await em.execute<Array<{ n: string | number }>>(`select count(*) as "n" from "conversations" where "started_by_id" = ? and "created_at" > ?`, [userId, since]);
  return Number(row?.n ?? 0);
}

/**
 * Locks the sender's row for the rest of the transaction and refuses a message past the sending
 * limits (docs/product.md §Messages), so two tabs cannot both send the last one allowed. FOR NO KEY
 * UPDATE, not FOR UPDATE: the new rows' foreign keys take a key-share lock on both people's rows,
 * and two people writing to each other at once would otherwise wait on each other (a deadlock).
 * Counted from the sender's own rows (one index range), against the clock passed in.
 */
async function lockSenderWithinMessageLimits(tx: EntityManager, senderId: number, now: Date): Promise<User> {
  await tx.execute('select 1 from "users" where "id" = ? for no key update', [senderId]);
  const sender = await tx.findOneOrFail(User, { id: senderId });
  const [row] = await tx.execute<Array<{ minute: string | number; day: string | number }>>(
    `select count(*) filter (where "created_at" > ?) as "minute", count(*) as "day" from "messages" where "sender_id" = ? and "created_at" > ?`,
    [minuteLimitWindowStart(now), senderId, dailyLimitWindowStart(now)],
  );
  const refusal = messageLimitRefusal(sender, { lastMinute: Number(row?.minute ?? 0), lastDay: Number(row?.day ?? 0) }, now);
  if (refusal) throw new RateLimited(refusal);
  return sender;
}

async function findConversationId(em: EntityManager, low: number, high: number, context: ConversationContextIds): Promise<number | null> {
  const [row] = await em.execute<Array<{ id: number }>>(
    `select "id" from "conversations" where "user_low_id" = ? and "user_high_id" = ? and coalesce("context_job_id", 0) = ? and coalesce("context_project_id", 0) = ?`,
    [low, high, context.jobId ?? 0, context.projectId ?? 0],
  );
  return row ? Number(row.id) : null;
}

/** Appends a message and moves both people's last message, the sender's read mark with it; announces the recipient's count. */
async function appendMessage(tx: EntityManager, conversationId: number, senderId: number, recipientId: number, body: string): Promise<number> {
  const [inserted] = await tx.execute<Array<{ id: number }>>(`insert into "messages" ("conversation_id", "sender_id", "body") values (?, ?, ?) returning "id"`, [conversationId, senderId, body]);
  const messageId = Number(inserted!.id);
  await tx.execute(`update "conversations" set "last_message_id" = ?, "last_message_at" = now() where "id" = ?`, [messageId, conversationId]);
  await tx.execute(
    `insert into "conversation_participants" ("conversation_id", "user_id", "last_message_id", "last_read_message_id", "last_read_at")
       values (?, ?, ?, ?, now()), (?, ?, ?, null, null)
     on conflict ("conversation_id", "user_id") do update
       set "last_message_id" = excluded."last_message_id",
           "last_read_message_id" = coalesce(excluded."last_read_message_id", "conversation_participants"."last_read_message_id"),
           "last_read_at" = coalesce(excluded."last_read_at", "conversation_participants"."last_read_at")`,
    [conversationId, senderId, messageId, messageId, conversationId, recipientId, messageId],
  );
  await announceCountChange(tx, recipientId);
  await announceConversationActivity(tx, conversationId, [senderId, recipientId]);
  return messageId;
}

async function loadResult(em: EntityManager, conversationId: number, messageId: number): Promise<{ conversation: Conversation; message: Message }> {
  const conversation = await em.findOneOrFail(Conversation, { id: conversationId }, { refresh: true });
  const message = await em.findOneOrFail(Message, { id: messageId });
  return { conversation, message };
}

/**
 * Starts a conversation with a person (about a job or project when given) or, when the two already
 * have one with that context, adds the message to it. Two requests at once make one conversation:
 * the insert leaves a row another transaction made first, and this one then writes into that row.
 * Only a new conversation counts toward the new-account limit and mails the recipient, with a link
 * into the app and never the sender's address.
 */
export async function startConversation(
  em: EntityManager,
  deps: ConversationMailDeps,
  viewer: Viewer,
  recipientId: number,
  context: ConversationContextIds,
  rawBody: string,
): Promise<{ conversation: Conversation; message: Message; created: boolean }> {
  if (context.jobId !== null && context.projectId !== null) throw new InvalidInput(CONVERSATION_MESSAGES.oneContext);
  const body = readBody(rawBody);
  const senderId = viewer.user.id;
  const { low, high } = orderedPair(senderId, recipientId);
  const outcome = await em.transactional(async (tx) => {
    const recipient = await assertMayWrite(tx, senderId, recipientId);
    // Counting and inserting under the lock on the sender's row, so two tabs cannot both take the last one.
    const now = new Date();
    const sender = await lockSenderWithinMessageLimits(tx, senderId, now);
    let conversationId = await findConversationId(tx, low, high, context);
    let created = false;
    if (conversationId === null) {
      if (!mayStartAnotherConversation(sender, await countStartedSince(tx, senderId, dailyLimitWindowStart(now)), now)) {
        throw new RateLimited(CONVERSATION_MESSAGES.dailyLimit);
      }
      const [inserted] = await tx.execute<Array<{ id: number }>>(
        `insert into "conversations" ("user_low_id", "user_high_id", "started_by_id", "context_job_id", "context_project_id")
           values (?, ?, ?, ?, ?) on conflict do nothing returning "id"`,
        [low, high, senderId, context.jobId, context.projectId],
      );
      if (inserted) {
        conversationId = Number(inserted.id);
        created = true;
      } else {
        conversationId = await findConversationId(tx, low, high, context);
        if (conversationId === null) throw new Error('conversation neither inserted nor found');
      }
    }
    const messageId = await appendMessage(tx, conversationId, senderId, recipientId, body);
    if (created && recipient.email) await enqueueNewConversationMail(tx, deps, { id: recipientId, email: recipient.email }, viewer, conversationId);
    return { conversationId, messageId, created };
  });
  return { ...(await loadResult(em, outcome.conversationId, outcome.messageId)), created: outcome.created };
}

/**
 * The mail a recipient gets for a new conversation, written in the starting transaction (outbox):
 * it names the sender by name or username and links to the conversation in the app; the sender's
 * address is never in it, and replies happen in the app. It follows the recipient's Messages
 * preference (docs/product.md §Notification preferences): only "mail at once" mails, with the
 * one-click unsubscribe every such mail carries; otherwise the unread count in the app tells them.
 */
async function enqueueNewConversationMail(tx: EntityManager, deps: ConversationMailDeps, recipient: { id: number; email: string }, viewer: Viewer, conversationId: number): Promise<void> {
  if ((await notificationDeliveryOf(tx, recipient.id, 'messages')) !== 'mail_now') return;
  const sender = await tx.findOneOrFail(User, { id: viewer.user.id });
  const senderName = sender.name?.trim() || (sender.username ? `@${sender.username}` : 'Someone');
  const content = newConversationMail({ senderName }, publicLink(deps.publicUrl, conversationPath(conversationId)), footerFor(deps, recipient.id, 'messages'));
  const transaction = tx.getTransactionContext<KyselyTransactionLike>();
  if (!transaction) throw new Error('conversation mail must be written inside a transaction');
  await deps.boss.insert(MAIL_QUEUE, [{ data: { to: recipient.email, ...content, headers: unsubscribeHeaders(deps, recipient.id, 'messages') } }], { db: fromKysely(transaction) });
}

/** A conversation the viewer is in, or "not found" (whether it exists is not given away). */
export async function findOwnConversation(em: EntityManager, viewer: Viewer, conversationId: number): Promise<Conversation> {
  const conversation = await em.findOne(Conversation, { $and: [{ id: conversationId }, participantFilter(viewer)] });
  if (!conversation) throw new NotFound(CONVERSATION_MESSAGES.conversationNotFound);
  return conversation;
}

export function otherParticipantId(conversation: Conversation, userId: number): number {
  return conversation.userLow.id === userId ? conversation.userHigh.id : conversation.userLow.id;
}

/** Adds a message to a conversation the viewer is in, unless the two may no longer write to each other. */
export async function sendMessage(em: EntityManager, viewer: Viewer, conversationId: number, rawBody: string): Promise<{ conversation: Conversation; message: Message }> {
  const body = readBody(rawBody);
  const conversation = await findOwnConversation(em, viewer, conversationId);
  const recipientId = otherParticipantId(conversation, viewer.user.id);
  const messageId = await em.transactional(async (tx) => {
    await assertMayWrite(tx, viewer.user.id, recipientId);
    await lockSenderWithinMessageLimits(tx, viewer.user.id, new Date());
    return appendMessage(tx, conversation.id, viewer.user.id, recipientId, body);
  });
  return loadResult(em, conversation.id, messageId);
}

/** Marks everything in the conversation as read by the viewer; their live count goes down on every tab. */
export async function markConversationRead(em: EntityManager, viewer: Viewer, conversationId: number): Promise<Conversation> {
  const conversation = await findOwnConversation(em, viewer, conversationId);
  await em.transactional(async (tx) => {
    const changed = await tx.execute<Array<{ id: number }>>(
      `update "conversation_participants" set "last_read_message_id" = "last_message_id", "last_read_at" = now()
        where "conversation_id" = ? and "user_id" = ? and "last_message_id" > coalesce("last_read_message_id", 0) returning "id"`,
      [conversation.id, viewer.user.id],
    );
    if (changed.length > 0) await announceCountChange(tx, viewer.user.id);
  });
  return conversation;
}

/** How many of a person's conversations hold a message they have not read. One indexed count. */
export async function countUnreadConversations(em: EntityManager, userId: number): Promise<number> {
  const [row] = await em.execute<Array<{ n: string | number }>>(
    `select count(*) as "n" from "conversation_participants" where "user_id" = ? and "last_message_id" > coalesce("last_read_message_id", 0)`,
    [userId],
  );
  return Number(row?.n ?? 0);
}

/**
 * The viewer's conversations, newest activity first. Message ids only grow, so the last message's
 * id orders by activity and is the cursor; a conversation written to while paging moves to the top.
 */
export async function listConversations(em: EntityManager, viewer: Viewer, page: KeysetPage): Promise<Connection<Conversation>> {
  if (page.backward) throw new InvalidInput('Page conversations forwards with first/after');
  const rows = await em.execute<Array<{ conversation_id: number; last_message_id: number }>>(
    `select "conversation_id", "last_message_id" from "conversation_participants"
      where "user_id" = ? ${page.cursorId === null ? '' : 'and "last_message_id" < ?'}
      order by "last_message_id" desc limit ?`,
    [viewer.user.id, ...(page.cursorId === null ? [] : [page.cursorId]), page.size + 1],
  );
  const conversations = await em.find(Conversation, { id: { $in: rows.map((row) => Number(row.conversation_id)) } });
  const byId = new Map(conversations.map((conversation) => [conversation.id, conversation]));
  const ordered = rows.flatMap((row) => {
    const conversation = byId.get(Number(row.conversation_id));
    return conversation ? [{ conversation, cursor: Number(row.last_message_id) }] : [];
  });
  const connection = connectionFromRows(ordered, page, (row) => row.cursor, async () => em.count(ConversationParticipant, { user: viewer.user.id }));
  const nodes = connection.nodes.map((row) => row.conversation);
  return { ...connection, nodes, edges: connection.edges.map((edge, index) => ({ cursor: edge.cursor, node: nodes[index]! })) };
}

/** node(id:) and conversation(id:): the conversations among `ids` that the viewer is in. */
export function findVisibleConversations(em: EntityManager, viewer: Viewer | null, ids: number[]): Promise<Conversation[]> {
  if (!viewer) return Promise.resolve([]);
  return em.find(Conversation, { $and: [{ id: { $in: ids } }, participantFilter(viewer)] });
}

/** node(id:) for messages: those of conversations the viewer is in. */
export function findVisibleMessages(em: EntityManager, viewer: Viewer | null, ids: number[]): Promise<Message[]> {
  if (!viewer) return Promise.resolve([]);
  return em.find(Message, { id: { $in: ids }, conversation: participantFilter(viewer) });
}

/** Blocks a person: from now on neither writes to the other. Blocking twice is the same as once. */
export async function blockUser(em: EntityManager, viewer: Viewer, userId: number): Promise<User> {
  if (userId === viewer.user.id) throw new InvalidInput(CONVERSATION_MESSAGES.notYourselfBlock);
  const user = await em.findOne(User, { id: userId });
  if (!user) throw new NotFound(CONVERSATION_MESSAGES.cannotMessage);
  await em.execute(`insert into "user_blocks" ("blocker_id", "blocked_id") values (?, ?) on conflict do nothing`, [viewer.user.id, userId]);
  return user;
}

export async function unblockUser(em: EntityManager, viewer: Viewer, userId: number): Promise<User> {
  const user = await em.findOne(User, { id: userId });
  if (!user) throw new NotFound(CONVERSATION_MESSAGES.cannotMessage);
  await em.nativeDelete(UserBlock, { blocker: viewer.user.id, blocked: userId });
  return user;
}

/** Reports a person to the admins with a reason (and the conversation, when reported from one the viewer is in). */
export async function reportUser(em: EntityManager, viewer: Viewer, userId: number, rawReason: string, conversationId: number | null): Promise<User> {
  if (userId === viewer.user.id) throw new InvalidInput(CONVERSATION_MESSAGES.notYourselfReport);
  const checked = checkUserReportReason(rawReason);
  if ('error' in checked) throw new InvalidInput(checked.error);
  const user = await em.findOne(User, { id: userId });
  if (!user) throw new NotFound(CONVERSATION_MESSAGES.cannotMessage);
  const conversation = conversationId === null ? null : await findOwnConversation(em, viewer, conversationId);
  em.create(UserReport, { reporter: em.getReference(User, viewer.user.id), reported: em.getReference(User, userId), reason: checked.reason, conversationId: conversation?.id ?? null });
  await em.flush();
  return user;
}

/** The admins' list of reported people, newest first: open reports only unless resolved ones are asked for. */
export function listUserReports(em: EntityManager, page: KeysetPage, includeResolved: boolean): Promise<Connection<UserReport>> {
  const open = includeResolved ? {} : { resolvedAt: null };
  return findConnection(
    page,
    'desc',
    (window) => em.find(UserReport, window.idCondition ? { id: window.idCondition, ...open } : open, { orderBy: { id: window.orderBy }, limit: window.limit }),
    () => em.count(UserReport, open),
  );
}

/**
 * An admin resolves a report with an outcome, recorded with who and when, and audited as the
 * other admin actions are. A report is resolved once: a second answer is refused, so two admins
 * at once cannot overwrite each other.
 */
export async function resolveUserReport(em: EntityManager, admin: Viewer, reportId: number, outcome: UserReportOutcome): Promise<UserReport> {
  await em.transactional(async (tx) => {
    const changed = await tx.execute<Array<{ id: number }>>(
      `update "user_reports" set "resolved_at" = now(), "resolved_by_id" = ?, "outcome" = ? where "id" = ? and "resolved_at" is null returning "id"`,
      [admin.user.id, outcome, reportId],
    );
    if (changed.length === 0) {
      const exists = await tx.count(UserReport, { id: reportId });
      if (exists === 0) throw new NotFound(CONVERSATION_MESSAGES.reportNotFound);
      throw new Conflict(CONVERSATION_MESSAGES.reportAlreadyResolved);
    }
    recordAudit(tx, auditViewer(admin), { action: 'update', target: 'user_report', targetId: reportId, fields: { outcome } });
    await tx.flush();
  });
  return em.findOneOrFail(UserReport, { id: reportId }, { refresh: true });
}
