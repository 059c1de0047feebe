import type { QueryResult } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

export interface PurgeLimits {
  /** Rows one statement deletes at most. */
  batchSize: number;
  /** Statements one run issues at most; whatever is left waits for the next run. */
  maxBatches: number;
}

export const DEFAULT_PURGE_LIMITS: PurgeLimits = { batchSize: 1_000, maxBatches: 200 };

/**
 * Runs `deleteBatch` — a DELETE of at most `?` rows, its one parameter being the batch size —
 * until a batch comes back short. Each batch is its own statement outside any transaction, so
 * locks last one small batch, never a whole purge; the statement should pick its rows with
 * `for update skip locked` so it steps around rows a request is busy with instead of waiting.
 * Returns how many rows went.
 */
export async function deleteInBatches(em: EntityManager, deleteBatch: string, limits: PurgeLimits = DEFAULT_PURGE_LIMITS): Promise<number> {
  const connection = em.getConnection();
  let deleted = 0;
  for (let batch = 0; batch < limits.maxBatches; batch++) {
    const result = await connection.execute<QueryResult>(deleteBatch, [limits.batchSize], 'run');
    deleted += result.affectedRows;
    if (result.affectedRows < limits.batchSize) break;
  }
  return deleted;
}
