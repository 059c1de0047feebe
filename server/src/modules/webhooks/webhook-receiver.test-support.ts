import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

type Match = (delivery: ReceivedDelivery) => boolean;

/**
 * A local integrator's endpoint for tests: records every request and answers with the next
 * status queued in `answers` for its path (200 once they run out). `waitFor(n, match)` resolves when n requests
 * matching have come, woken by the requests themselves, never by a timer.
 */
export interface WebhookReceiver {
  origin: string;
  url: string;
  received: ReceivedDelivery[];
  /** Statuses to answer, in order, per request path. */
  answers: Map<string, number[]>;
  waitFor(count: number, match?: Match): Promise<ReceivedDelivery[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedDelivery[] = [];
  const answers = new Map<string, number[]>();
  const waiters: Array<{ count: number; match: Match; resolve: (found: ReceivedDelivery[]) => void }> = [];
  const matching = (match: Match) => received.filter(match);
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(answers.get(request.url ?? '')?.shift() ?? 200, { 'content-type': 'text/plain' }).end('ok');
      for (const waiter of waiters.filter((candidate) => matching(candidate.match).length >= candidate.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(matching(waiter.match));
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: `${origin}/hooks/byline`,
    received,
    answers,
    waitFor: (count, match = () => true) =>
      matching(match).length >= count ? Promise.resolve(matching(match)) : new Promise((resolve) => waiters.push({ count, match, resolve })),
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
