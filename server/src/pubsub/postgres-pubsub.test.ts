import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '../db/orm.js';
import { openOrm } from '../registry.js';
import { createLogger } from '../logger.js';
import { createTestDatabase, type TestDatabase } from '../test-support/database.js';
import { uniqueSuffix } from '../test-support/factories.js';
import { queryRows } from '../test-support/sql.js';
import { notifyStatement, PostgresPubSub } from './postgres-pubsub.js';
import { purgePublishedPayloads } from './pubsub-payloads.js';

let database: TestDatabase;
let orm: MikroORM;
// Two instances, each with its own connections: what two server processes have.
let publishing: PostgresPubSub;
let listening: PostgresPubSub;

beforeAll(async () => {
  database = await createTestDatabase();
  orm = await openOrm(database.url);
  publishing = new PostgresPubSub(database.url, createLogger('silent'));
  listening = new PostgresPubSub(database.url, createLogger('silent'));
  await Promise.all([publishing.start(), listening.start()]);
});

afterAll(async () => {
  await Promise.all([publishing?.close(), listening?.close()]);
  await orm?.close();
  await database?.drop();
});

/** 6,000 characters but 12,000 bytes: the limit counts bytes. */
function bigBody(label: string): string {
  return `${label}:${'ø'.repeat(6_000)}`;
}

async function storedPayloadCount(): Promise<number> {
  return (await queryRows<{ n: number }>(database.url, 'select count(*)::int as n from pubsub_payloads'))[0]!.n;
}

describe('PostgreSQL pub/sub', () => {
  it('is needed: PostgreSQL itself refuses a NOTIFY payload of 8,000 bytes', async () => {
    await expect(queryRows(database.url, `select pg_notify('byline_events', repeat('a', 8000))`)).rejects.toThrow(/payload string too long/);
  });

  it('delivers an event too big for NOTIFY to a subscriber on another connection', async () => {
    const topic = `big:${uniqueSuffix()}`;
    const events = listening.subscribe<{ id: number; body: string }>(topic);
    const payload = { id: 7, body: bigBody('hello') };
    await publishing.publish(topic, payload);
    expect((await events.next()).value).toEqual(payload);
    await events.return?.();
  });

  it('publishes a big event from a transaction when it commits, and not at all when it rolls back', async () => {
    const topic = `tx:${uniqueSuffix()}`;
    const events = listening.subscribe<{ body: string }>(topic);
    const publishIn = (body: string, commit: boolean) =>
      orm.em.fork().transactional(async (tx) => {
        const { sql, params } = notifyStatement(topic, { body });
        await tx.execute(sql, params);
        if (!commit) throw new Error('rolled back on purpose');
      });

    await expect(publishIn(bigBody('rolled back'), false)).rejects.toThrow('rolled back on purpose');
    await publishIn(bigBody('committed'), true);

    // The first event heard is the committed one: the rolled-back one never went out.
    expect((await events.next()).value).toEqual({ body: bigBody('committed') });
    expect(await queryRows(database.url, `select id from pubsub_payloads where envelope like '%rolled back%'`)).toEqual([]);
    await events.return?.();
  });

  it('keeps events in the order they were published, big or small', async () => {
    const topic = `order:${uniqueSuffix()}`;
    const events = listening.subscribe<{ n: number; body?: string }>(topic);
    const sent = [{ n: 1, body: bigBody('one') }, { n: 2 }, { n: 3, body: bigBody('three') }, { n: 4 }];
    for (const payload of sent) await publishing.publish(topic, payload);
    const heard = [];
    for (const _ of sent) heard.push((await events.next()).value);
    expect(heard).toEqual(sent);
    await events.return?.();
  });

  it('sends small events whole, storing nothing', async () => {
    const topic = `small:${uniqueSuffix()}`;
    const events = listening.subscribe<{ userId: number }>(topic);
    const before = await storedPayloadCount();
    await publishing.publish(topic, { userId: 42 });
    expect((await events.next()).value).toEqual({ userId: 42 });
    expect(await storedPayloadCount()).toBe(before);
    await events.return?.();
  });

  it('lets the housekeeping job delete stored events after an hour', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const old = await client.query<{ id: string }>(`insert into pubsub_payloads (envelope, created_at) values ('{}', now() - interval '61 minutes') returning id`);
      const fresh = await client.query<{ id: string }>(`insert into pubsub_payloads (envelope) values ('{}') returning id`);
      await purgePublishedPayloads(orm.em.fork());
      const left = await client.query<{ id: string }>('select id from pubsub_payloads where id = any($1)', [[old.rows[0]!.id, fresh.rows[0]!.id]]);
      expect(left.rows.map((row) => row.id)).toEqual([fresh.rows[0]!.id]);
    } finally {
      await client.end();
    }
  });

  it('keeps publishing after the database ends an idle publishing connection, without crashing the process', async () => {
    const topic = `idle:${uniqueSuffix()}`;
    const events = listening.subscribe<{ n: number }>(topic);
    await publishing.publish(topic, { n: 1 });
    expect((await events.next()).value).toEqual({ n: 1 });
    // The publishing pool's connection now sits idle: the database ends it, as a restart would.
    const ended = await queryRows<{ pid: number }>(
      database.url,
      `select pid from (select pid, pg_terminate_backend(pid) as ended from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and state = 'idle' and query like 'select pg_notify(%') s where ended`,
    );
    expect(ended.length).toBeGreaterThan(0);
    const pids = ended.map((row) => row.pid);
    await expect.poll(async () => (await queryRows<{ n: number }>(database.url, 'select count(*)::int as n from pg_stat_activity where pid = any($1)', [pids]))[0]!.n).toBe(0);
    // A publish may still take the ended connection before pg has read its end; the pool then opens another.
    await expect.poll(() => publishing.publish(topic, { n: 2 }).then(() => true, () => false)).toBe(true);
    expect((await events.next()).value).toEqual({ n: 2 });
    await events.return?.();
  });
});
