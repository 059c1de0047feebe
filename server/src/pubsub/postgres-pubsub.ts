import pg from 'pg';
import { isDatabaseShuttingDown } from '../db/database-errors.js';
import type { Logger } from '../logger.js';
import { AsyncEventQueue } from './async-event-queue.js';
import { CHANNEL, notificationSql, parseNotice, type Envelope, type Notice } from './notification-envelope.js';

const RECONNECT_DELAY_MS = 1_000;

/**
 * Publish/subscribe across every server process through PostgreSQL LISTEN/NOTIFY, so a
 * subscriber connected to one process hears events published by any other. A NOTIFY sent
 * inside a transaction is delivered only when it commits, which makes it safe to publish
 * from the same transaction that changes the data (`notifyStatement`). Events of any size get
 * through: one too big for NOTIFY is stored and read back by each listener (notification-envelope.ts).
 */
export class PostgresPubSub {
  private listener: pg.Client | null = null;
  private readonly publisher: pg.Pool;
  private readonly subscribers = new Map<string, Set<AsyncEventQueue<unknown>>>();
  private closed = false;
  /** Deliveries run one after another, so an event read back from its table keeps its place in line. */
  private deliveries: Promise<void> = Promise.resolve();

  constructor(
    private readonly connectionString: string,
    private readonly logger: Logger,
  ) {
    this.publisher = new pg.Pool({ connectionString, max: 2 });
    // The database may end an idle connection of the pool (a restart; a test's database dropped
    // while the pool closes): pg reports it on the pool, where an unheard 'error' would end the
    // process. The pool opens another connection for the next event.
    this.publisher.on('error', (error) => {
      if (this.closed || isDatabaseShuttingDown(error)) this.logger.debug({ err: error }, 'pub/sub: an idle publishing connection ended');
      else this.logger.warn({ err: error }, 'pub/sub: an idle publishing connection was lost');
    });
  }

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (message) => this.queueDelivery(message.payload));
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
    const { sql, params } = notificationSql(topic, payload, (position) => `$${position}`);
    await this.publisher.query(sql, params);
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

  private queueDelivery(raw: string | undefined): void {
    this.deliveries = this.deliveries
      .then(() => this.deliver(raw))
      .catch((error: unknown) => {
        if (!this.closed) this.logger.warn({ err: error }, 'could not deliver a pub/sub event');
      });
  }

  private async deliver(raw: string | undefined): Promise<void> {
    const notice = raw ? parseNotice(raw) : null;
    if (!notice) {
      this.logger.warn({ raw }, 'ignoring a malformed pub/sub message');
      return;
    }
    const envelope = notice.kind === 'inline' ? notice : await this.readStored(notice);
    if (!envelope) return;
    for (const queue of this.subscribers.get(envelope.topic) ?? []) queue.push(envelope.payload);
  }

  /** A big event, read back from where its publisher stored it — unless nobody here listens for it. */
  private async readStored(notice: Extract<Notice, { kind: 'stored' }>): Promise<Envelope | null> {
    if (notice.topic !== '' && !this.subscribers.get(notice.topic)?.size) return null;
    const { rows } = await this.publisher.query<{ envelope: string }>('select envelope from pubsub_payloads where id = $1', [notice.ref]);
    const stored = rows[0] ? parseNotice(rows[0].envelope) : null;
    if (stored?.kind === 'inline') return stored;
    this.logger.warn({ ref: notice.ref }, 'a stored pub/sub event is missing or malformed');
    return null;
  }
}

/**
 * The SQL (with MikroORM's `?` placeholders) that publishes an event; run it with `em.execute`
 * inside a transaction to publish on commit.
 */
export function notifyStatement(topic: string, payload: unknown): { sql: string; params: string[] } {
  return notificationSql(topic, payload, () => '?');
}
