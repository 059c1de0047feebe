import type { EntityManager } from '@mikro-orm/postgresql';
import { notifyStatement, type PostgresPubSub } from '../../../../pubsub/postgres-pubsub.js';
import { importKey, type PostImportJob } from './post-import.queue.js';

/** How an import ended, announced to whoever waits on the fast path (any server process). */
export type ImportOutcome = { status: 'imported'; postId: number } | { status: 'failed'; message: string };

export function importTopic(job: Pick<PostImportJob, 'networkId' | 'externalId'>): string {
  return `post-import:${importKey(job)}`;
}

/** Announce inside the transaction that stored the outcome: waiters hear of it after commit. */
export async function announceImportOutcome(tx: EntityManager, job: PostImportJob, outcome: ImportOutcome): Promise<void> {
  const { sql, params } = notifyStatement(importTopic(job), outcome);
  await tx.execute(sql, params);
}

/**
 * Waits up to `timeoutMs` for the outcome of an import. Subscribe first, then enqueue, so an
 * import finishing in between cannot be missed; null means "still running: queued".
 */
export function waitForImportOutcome(pubsub: PostgresPubSub, job: PostImportJob, timeoutMs: number) {
  const events = pubsub.subscribe<ImportOutcome>(importTopic(job));
  let timer: NodeJS.Timeout | undefined;
  const outcome = Promise.race([
    events.next().then((result) => (result.done ? null : result.value)),
    new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), timeoutMs);
    }),
  ]).finally(() => {
    clearTimeout(timer);
    void events.return?.();
  });
  return { outcome, cancel: () => void events.return?.() };
}
