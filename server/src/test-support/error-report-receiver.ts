import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** One event a Sentry SDK delivered: the exception (type and message) or message it carries. */
export interface ReceivedErrorEvent {
  environment: string | null;
  messages: string[];
}

/**
 * A local stand-in for a Sentry-compatible error-reporting endpoint: it accepts envelopes at
 * `/api/<project>/envelope/`, as the SDKs send them, and keeps the error events in them.
 */
export interface ErrorReportReceiver {
  /** A DSN pointing at this receiver. */
  dsn: string;
  origin: string;
  events(): ReceivedErrorEvent[];
  /** Every envelope item type seen (events, sessions, client reports…). */
  itemTypes(): string[];
  stop(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  return (req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8');
}

interface EventPayload {
  environment?: string;
  message?: string;
  exception?: { values?: Array<{ type?: string; value?: string }> };
}

export async function startErrorReportReceiver(): Promise<ErrorReportReceiver> {
  const events: ReceivedErrorEvent[] = [];
  const itemTypes: string[] = [];
  const server = createServer((req, res) => {
    // Browsers send envelopes cross-origin (text/plain, no preflight); answer as Sentry does.
    res.setHeader('access-control-allow-origin', '*');
    if (req.method !== 'POST' || !/^\/api\/\d+\/envelope\/?$/.test(new URL(req.url ?? '/', 'http://receiver.invalid').pathname)) {
      res.writeHead(req.method === 'OPTIONS' ? 204 : 404).end();
      return;
    }
    readBody(req).then(
      (text) => {
        const lines = text.split('\n');
        // Envelope: a header line, then item header and payload lines in pairs.
        for (let index = 1; index + 1 < lines.length; index += 2) {
          const header = JSON.parse(lines[index]!) as { type?: string };
          itemTypes.push(header.type ?? 'unknown');
          if (header.type !== 'event') continue;
          const payload = JSON.parse(lines[index + 1]!) as EventPayload;
          const messages = [payload.message ?? '', ...(payload.exception?.values ?? []).map((value) => `${value.type ?? ''}: ${value.value ?? ''}`)].filter(Boolean);
          events.push({ environment: payload.environment ?? null, messages });
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      },
      () => res.writeHead(400).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    dsn: `http://publickey@127.0.0.1:${(server.address() as AddressInfo).port}/1`,
    origin,
    events: () => [...events],
    itemTypes: () => [...itemTypes],
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
