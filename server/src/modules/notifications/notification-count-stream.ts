import type { RequestContext } from '../users/index.js';
import { requireViewer } from '../users/index.js';
import { countNewNotifications, notificationTopic } from './notification.service.js';
import type { NotificationCounts } from './notification.types.js';

/**
 * The current count first (so a client needs no separate query to start), then a fresh count
 * each time any server process announces a change for this user.
 */
export function notificationCountStream(context: RequestContext): AsyncGenerator<NotificationCounts> {
  // Checked before the stream starts, so a signed-out subscriber gets an ordinary GraphQL error.
  const viewer = requireViewer(context);
  return countsFor(context, viewer.user.id);
}

async function* countsFor(context: RequestContext, userId: number): AsyncGenerator<NotificationCounts> {
  // Subscribe before counting so a change made in between is not missed.
  const changes = context.pubsub.subscribe<unknown>(notificationTopic(userId));
  try {
    yield { new: await countNewNotifications(context.em, userId) };
    for await (const _change of changes) {
      yield { new: await countNewNotifications(context.em, userId) };
    }
  } finally {
    await changes.return?.();
  }
}
