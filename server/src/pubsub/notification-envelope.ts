/**
 * What one event looks like on the wire. PostgreSQL refuses a NOTIFY payload of 8,000 bytes or
 * more, so an event that big is stored in `pubsub_payloads` and only its id travels; small
 * events (nearly all: ids and short statuses) still travel whole and cost no write.
 */
export const CHANNEL = 'byline_events';

/** Under PostgreSQL's 8,000-byte limit (counted in bytes of UTF-8, not characters), with room to spare. */
const INLINE_MAX_BYTES = 7_900;
/** A stored event's topic rides along so processes with no subscriber skip reading it back; absurdly long topics do not. */
const TOPIC_HINT_MAX_BYTES = 1_000;

export interface Envelope {
  topic: string;
  payload: unknown;
}

/** Either the event itself or where it was stored (`topic` is empty when it was too long to repeat). */
export type Notice = ({ kind: 'inline' } & Envelope) | { kind: 'stored'; ref: string; topic: string };

/** How a driver writes its n-th bind parameter: `?` for MikroORM, `$n` for node-postgres. */
export type Placeholder = (position: number) => string;

/**
 * One statement that publishes `payload` on `topic`: a plain pg_notify, or — for a big event —
 * an insert whose id is notified. Being one statement, it runs inside the caller's transaction,
 * so the stored row and the notification both appear on commit, or neither does.
 */
export function notificationSql(topic: string, payload: unknown, p: Placeholder): { sql: string; params: string[] } {
  const envelope = JSON.stringify({ topic, payload } satisfies Envelope);
  if (Buffer.byteLength(envelope, 'utf8') <= INLINE_MAX_BYTES) return { sql: `select pg_notify(${p(1)}, ${p(2)})`, params: [CHANNEL, envelope] };
  const topicHint = Buffer.byteLength(topic, 'utf8') <= TOPIC_HINT_MAX_BYTES ? topic : '';
  return {
    sql: `with stored as (insert into pubsub_payloads (envelope) values (${p(1)}) returning id)
          select pg_notify(${p(2)}, json_build_object('ref', cast(stored.id as text), 'topic', cast(${p(3)} as text))::text) from stored`,
    params: [envelope, CHANNEL, topicHint],
  };
}

/** Reads a notification (or a stored envelope); null for anything malformed. */
export function parseNotice(raw: string): Notice | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (typeof record.ref === 'string') return { kind: 'stored', ref: record.ref, topic: typeof record.topic === 'string' ? record.topic : '' };
  if (typeof record.topic === 'string' && 'payload' in record) return { kind: 'inline', topic: record.topic, payload: record.payload };
  return null;
}
