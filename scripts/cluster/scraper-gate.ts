/**
 * What one Byline process sees as "the social networks": a pass-through to the shared fixture
 * networks that can hold requests. Each process gets its own gate (its own SCRAPER_BASE_URL), so
 * the check knows which process is fetching and can catch one in the middle of its imports: held
 * requests mean that process has claimed import jobs it has not finished.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScraperGate {
  /** Give this to the process as SCRAPER_BASE_URL. */
  baseUrl: string;
  /** Requests that have arrived, held or not. */
  readonly received: number;
  /** Requests waiting at the gate now. */
  readonly held: number;
  /** Lets every waiting request through, and the ones after. */
  open(): void;
  /** Settles once at least `count` requests are waiting at the gate. */
  whenHolding(count: number): Promise<void>;
  stop(): Promise<void>;
}

/** `holdAfter`: requests beyond this many wait until `open` (the default lets everything through). */
export async function startScraperGate(targetBaseUrl: string, options: { holdAfter?: number } = {}): Promise<ScraperGate> {
  const target = new URL(targetBaseUrl);
  const waiting: Array<() => void> = [];
  const watchers: Array<{ count: number; resolve: () => void }> = [];
  let holdAfter = options.holdAfter ?? Infinity;
  let received = 0;

  function pass(req: IncomingMessage, res: ServerResponse): void {
    const upstream = httpRequest(
      { host: target.hostname, port: Number(target.port), method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.once('error', () => res.destroy());
    // The importing process may die while we wait: nothing more to answer then.
    res.once('close', () => upstream.destroy());
    req.pipe(upstream);
  }

  function wakeWatchers(): void {
    for (const watcher of [...watchers]) {
      if (waiting.length < watcher.count) continue;
      watchers.splice(watchers.indexOf(watcher), 1);
      watcher.resolve();
    }
  }

  const server = createServer((req, res) => {
    received += 1;
    if (received <= holdAfter) return pass(req, res);
    waiting.push(() => pass(req, res));
    wakeWatchers();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get received() {
      return received;
    },
    get held() {
      return waiting.length;
    },
    open: () => {
      holdAfter = Infinity;
      for (const release of waiting.splice(0)) release();
    },
    whenHolding: (count) => (waiting.length >= count ? Promise.resolve() : new Promise((resolve) => watchers.push({ count, resolve }))),
    stop: () =>
      new Promise<void>((resolve) => {
        waiting.splice(0);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
