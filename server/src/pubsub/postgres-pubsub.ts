import pg from 'pg';
import { isDatabaseShuttingDown } from '../db/database-errors.js';
import type { Logger } from '../logger.js';
import { AsyncEventQueue } from './async-event-queue.js';

const CHANNEL = 'byline_events';
const RECONNECT_DELAY_MS = 1_000;

interface Envelope {
  topic: string;
  payload: unknown;
}

/**
 * Publish/subscribe across every server process through PostgreSQL LISTEN/NOTIFY, so a
 * subscriber connected to one process hears events published by any other. A NOTIFY sent
 * inside a transaction is delivered only when it commits, which makes it safe to publish
 * from the same transaction that changes the data (`notifyStatement`).
 */
export class PostgresPubSub {
  private listener: pg.Client | null = null;
  private readonly publisher: pg.Pool;
  private readonly subscribers = new Map<string, Set<AsyncEventQueue<unknown>>>();
  private closed = false;

  constructor(
    private readonly connectionString: string,
    private readonly logger: Logger,
  ) {
    this.publisher = new pg.Pool({ connectionString, max: 2 });
  }

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (message) => this.deliver(message.payload));
    client.on('error', (error) => {
      if (isDatabaseShuttingDown(error)) this.logger.debug('pub/sub: the database is shutting down');
      else this.logger.warn({ err: error }, 'pub/sub listener lost its connection; reconnecting');
      this.listener = null;
      void client.end().catch(() => undefined);
      if (!this.closed) setTimeout(() => void this.start().catch((e: unknown) => this.logger.error({ err: e }, 'pub/sub reconnect failed')), RECONNECT_DELAY_MS);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
  }

  get isListening(): boolean {
    return this.listener !== null;
  }

  async publish(topic: string, payload: unknown): Promise<void> {
    const { params } = notifyStatement(topic, payload);
    await this.publisher.query('SELECT pg_notify($1, $2)', params);
  }

  /** Events on `topic` (narrowed by `dynamicId` when given), until the consumer stops iterating. */
  subscribe<T>(routingKey: string, dynamicId?: unknown): AsyncIterableIterator<T> {
    const topic = dynamicId === undefined ? routingKey : `${routingKey}:${String(dynamicId)}`;
    const queue = new AsyncEventQueue<unknown>(() => this.subscribers.get(topic)?.delete(queue));
    let set = this.subscribers.get(topic);
    if (!set) this.subscribers.set(topic, (set = new Set()));
    set.add(queue);
    return queue as AsyncIterableIterator<T>;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const set of this.subscribers.values()) for (const queue of set) queue.end();
    this.subscribers.clear();
    await this.listener?.end().catch(() => undefined);
    this.listener = null;
    await this.publisher.end();
  }

  private deliver(raw: string | undefined): void {
    if (!raw) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch {
      this.logger.warn({ raw }, 'ignoring a malformed pub/sub message');
      return;
    }
    for (const queue of this.subscribers.get(envelope.topic) ?? []) queue.push(envelope.payload);
  }
}

/**
 * The SQL (with MikroORM's `?` placeholders) that publishes an event; run it with `em.execute`
 * inside a transaction to publish on commit.
 */
export function notifyStatement(topic: string, payload: unknown): { sql: string; params: string[] } {
  return { sql: 'SELECT pg_notify(?, ?)', params: [CHANNEL, JSON.stringify({ topic, payload } satisfies Envelope)] };
}
