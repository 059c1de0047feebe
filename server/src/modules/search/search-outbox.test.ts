import { describe, expect, it } from 'vitest';
import { useTestOrm } from '../../test-support/test-orm.js';
import { createUser, uniqueSuffix } from '../../test-support/factories.js';
import { User } from '../users/index.js';
import { useTestServer } from '../../test-support/test-server.js';
import { PostgresSearchEngine } from './engine/postgres-search.engine.js';
import { drainSearchOutbox, reindexSearch } from './search-index.js';

const env = useTestServer();

describe('search outbox', () => {
  it('writes an outbox row in the same transaction as the change, and the queued drain indexes it without help', async () => {
    const em = env.server.orm.em.fork();
    const name = `Outboxed ${Date.now().toString(36)}`;
    const stem = name.split(' ')[1]!;
    await em.transactional(async (tx) => {
      const user = tx.create(User, { username: `ob_${stem}`, name, termsAcknowledgedAt: new Date() });
      await tx.flush();
      const [row] = await tx.execute<Array<{ count: string }>>(`select count(*) from search_outbox where kind = 'user' and entity_id = ?`, [user.id]);
      expect(Number(row!.count)).toBe(1);
    });
    // Woken by the commit's NOTIFY, the pg-boss job drains the outbox.
    await expect.poll(async () => (await new PostgresSearchEngine().search(env.server.orm.em.fork(), { text: stem, kinds: ['user'], limitPerKind: 5 })).map((hit) => hit.title), { timeout: 10_000, interval: 50 }).toEqual([name]);
  });

  it('a rolled back change leaves no outbox row', async () => {
    const em = env.server.orm.em.fork();
    let id = 0;
    await expect(
      em.transactional(async (tx) => {
        id = (await createUser(tx)).id;
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(id).toBeGreaterThan(0);
    const rows = await em.execute<Array<{ count: string }>>(`select count(*) from search_outbox where kind = 'user' and entity_id = ?`, [id]);
    expect(Number(rows[0]!.count)).toBe(0);
  });

  it('rebuilds the whole index (npm run search:reindex)', async () => {
    const em = env.server.orm.em.fork();
    const user = await createUser(em);
    await em.execute('truncate search_documents');
    await reindexSearch(em, new PostgresSearchEngine());
    // The test server's own queue worker may drain some or all of what the reindex queued (under
    // load it did: the call then wrote none itself), so the index is checked, not the call's count.
    const [documents] = await em.execute<Array<{ n: string }>>('select count(*) as n from search_documents');
    expect(Number(documents!.n)).toBeGreaterThan(0);
    const hits = await new PostgresSearchEngine().search(em, { text: user.username!, kinds: ['user'], limitPerKind: 5 });
    expect(hits.map((hit) => hit.entityId)).toContain(user.id);
  });
});

describe('a reindex with no server beside it', () => {
  // A test server's queue worker drains what the reindex queues as it goes (woken by each
  // commit), so how many batches the reindex runs itself, and searches between, would depend on
  // timing (under load it ran one). Its own database has no worker.
  const own = useTestOrm();

  it('keeps answering while it reindexes, rewriting stale documents and removing those of things gone', async () => {
    const em = own.orm.em.fork();
    const engine = new PostgresSearchEngine();
    const user = await createUser(em, { name: `Reindexed ${uniqueSuffix()}` });
    await drainSearchOutbox(em, engine, { waitForOthers: true });
    // A stale title, and a document whose person no longer exists.
    await em.execute(`update search_documents set title = 'Stale title' where kind = 'user' and entity_id = ?`, [user.id]);
    const [gone] = await em.execute<Array<{ id: number }>>('select coalesce(max(id), 0) + 1000 as id from users');
    await em.execute(
      `insert into search_documents (kind, entity_id, title, words, document) values ('user', ?, 'Gone person', '{gone,person}', array_to_tsvector('{gone,person}'))`,
      [gone!.id],
    );
    const find = async () => (await engine.search(own.orm.em.fork(), { text: user.username!, kinds: ['user'], limitPerKind: 5 })).map((hit) => hit.entityId);

    // One document per batch: a search between any two batches still finds the person.
    const between: number[][] = [];
    await reindexSearch(em, engine, { batchSize: 1, afterBatch: async () => void between.push(await find()) });
    expect(between.length).toBeGreaterThan(1);
    for (const hits of between) expect(hits).toContain(user.id);

    const rows = await em.execute<Array<{ entity_id: number; title: string }>>(`select entity_id, title from search_documents where kind = 'user' and entity_id in (?, ?)`, [user.id, gone!.id]);
    expect(rows).toEqual([{ entity_id: user.id, title: user.name }]);
  });
});
