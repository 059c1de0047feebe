import type { EntityManager } from '@mikro-orm/postgresql';
import { notifyStatement } from '../../pubsub/postgres-pubsub.js';
import type { RequestContext, Viewer } from '../users/index.js';
import type { Conversation } from './conversation.entity.js';
import { findVisibleConversations } from './conversation.service.js';

/*
 * The live conversation list (docs/product.md §Messages): each message announces its conversation
 * to its two people, on a topic per person, so every tab of either (the sender's other tabs too)
 * moves it to the top with its newest text. The event carries only the conversation's id; each
 * subscriber loads it as a participant, so nobody else can be sent one.
 */

function conversationActivityTopic(userId: number): string {
  return `conversation-activity:${userId}`;
}

/** Announces, when the writing transaction commits, that a conversation changed for these people. */
export async function announceConversationActivity(tx: EntityManager, conversationId: number, userIds: readonly number[]): Promise<void> {
  for (const userId of userIds) {
    const { sql, params } = notifyStatement(conversationActivityTopic(userId), { conversationId });
    await tx.execute(sql, params);
  }
}

/** The viewer's conversations as messages are written in them, each as it is after that message. */
export async function* conversationActivity(context: RequestContext, viewer: Viewer): AsyncGenerator<Conversation> {
  const changes = context.pubsub.subscribe<{ conversationId: number }>(conversationActivityTopic(viewer.user.id));
  try {
    for await (const change of changes) {
      // One subscription keeps one context; its fields (read state, last message) are loaded per
      // EntityManager, so each event gets a fresh one and reads the conversation as it is now.
      context.em = context.em.fork();
      const [conversation] = await findVisibleConversations(context.em, viewer, [Number(change.conversationId)]);
      if (conversation) yield conversation;
    }
  } finally {
    await changes.return?.();
  }
}
