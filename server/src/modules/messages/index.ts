/**
 * What the messages module offers the rest of Byline. Other modules, the registry and
 * tests import these, never a file of the module directly (docs/architecture.md).
 */
export { Conversation, ConversationParticipant, Message, UserBlock, UserReport } from './conversation.entity.js';
export { conversationNode, messageNode, userReportNode } from './conversation.node.js';
export { ConversationResolver, ConversationSubscriptionResolver, MessageResolver, NotificationCountsMessagesResolver, UserMessagingResolver, UserReportResolver } from './conversation.resolver.js';
export { countUnreadConversations } from './conversation.service.js';
export { messagesDigestSection } from './messages-digest.js';
