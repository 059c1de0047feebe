import type { Viewer } from '../users/index.js';
import type { Conversation } from './conversation.entity.js';

/**
 * A conversation is its two people's alone: nobody else reads it, admins included (an admin who
 * masquerades as one of them acts as them). Everyone else is answered "not found" or null, by
 * every query and node(id:), so a conversation's existence is not given away.
 */
export function isParticipant(viewer: Viewer | null, conversation: Pick<Conversation, 'userLow' | 'userHigh'>): viewer is Viewer {
  return viewer !== null && (conversation.userLow.id === viewer.user.id || conversation.userHigh.id === viewer.user.id);
}

/** The same rule as a query condition. */
export function participantFilter(viewer: Viewer): { $or: [{ userLow: number }, { userHigh: number }] } {
  return { $or: [{ userLow: viewer.user.id }, { userHigh: viewer.user.id }] };
}
