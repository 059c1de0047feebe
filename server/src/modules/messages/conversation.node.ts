import type { NodeType } from '../../graphql/node.js';
import { isAdminViewer, type RequestContext } from '../users/index.js';
import { Conversation, Message, UserReport } from './conversation.entity.js';
import { findVisibleConversations, findVisibleMessages } from './conversation.service.js';

/** node(id:) answers what conversation(id:) answers: only the conversation's two people. */
export const conversationNode: NodeType<Conversation, RequestContext> = {
  typeName: 'Conversation',
  classType: Conversation,
  loadVisible: ({ em, viewer }, ids) => findVisibleConversations(em, viewer, ids),
};

/** A message is seen by the two people of its conversation only. */
export const messageNode: NodeType<Message, RequestContext> = {
  typeName: 'Message',
  classType: Message,
  loadVisible: ({ em, viewer }, ids) => findVisibleMessages(em, viewer, ids),
};

/** Reports are the admins' (anyone else: not found, as userReports answers). */
export const userReportNode: NodeType<UserReport, RequestContext> = {
  typeName: 'UserReport',
  classType: UserReport,
  loadVisible: ({ em, viewer }, ids) => (isAdminViewer(viewer) ? em.find(UserReport, { id: { $in: ids } }) : Promise.resolve([])),
};
