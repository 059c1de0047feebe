/**
 * One throttled first load of one page in Chromium: the JavaScript and CSS it fetched before the
 * network went idle, and its Largest Contentful Paint. Used by `bench/client-load.ts`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, CDPSession } from 'playwright-core';

/** The mark the app sets when it starts its idle work: `IDLE_WORK_MARK` of client/src/ui/useWhenIdle.ts. */
const IDLE_WORK_MARK = 'byline:idle-work';

/** The usual "mobile" profile (Lighthouse's slow 4G): 150 ms round trip, 1.6 Mbps down, 750 kbps up. */
export const MOBILE_THROTTLING = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBitsPerSecond: 1_600_000,
  uploadBitsPerSecond: 750_000,
} as const;

/** A phone-sized window, as in the browser tests. */
const PHONE_VIEWPORT = { width: 375, height: 812 };

export interface Cookie {
  name: string;
  value: string;
}

export interface LoadMeasurement {
  /**
   * Sum of the gzip sizes (level 9, computed from the built file: exact, machine-independent) of
   * the scripts the first load fetched: asked for before the page started its idle work.
   */
  jsGzipBytes: number;
  /** The same for the scripts the page preloaded once idle (the menu's, dialogs'), for when they are opened. */
  idlePreloadJsGzipBytes: number;
  /** The same for stylesheets. */
  cssGzipBytes: number;
  jsFiles: number;
  cssFiles: number;
  /** What actually crossed the wire (the server's encoding, headers included), every request of the page. */
  transferBytes: number;
  requests: number;
  /** Bytes of scripts as sent (`encodedDataLength`): shows whether the server compressed them. */
  jsTransferBytes: number;
  fcpMs: number | null;
  lcpMs: number | null;
  /** What the LCP element was, e.g. `h1 "Collect, track and credit…"`. */
  lcpElement: string | null;
  /** From navigation start until no request for 500 ms and an idle main thread (includes those 500 ms). */
  idleMs: number;
  /** Scripts by name with their gzip sizes, largest first, for finding what to cut. */
  scripts: Array<{ file: string; gzipBytes: number }>;
  /** Every request from the page's own request on, in the order sent: what waited for what. */
  timeline: TimelineEntry[];
  /** The main thread's long tasks (over 50 ms) before the LCP: parsing and running scripts, rendering. */
  longTasksBeforeLcp: Array<{ startMs: number; durationMs: number }>;
}

export interface TimelineEntry {
  /** The path, e.g. `/assets/vendor-….js` or `/graphql`. */
  path: string;
  type: string;
  /** From the page's own request being sent. */
  startMs: number;
  endMs: number | null;
  encodedBytes: number;
}

interface Fetched {
  url: string;
  type: string;
  encodedBytes: number;
  /** CDP timestamps (seconds). */
  sentAt: number;
  finishedAt: number | null;
}

// Runs in the page before any of its scripts: keeps the latest LCP candidate and the FCP.
const OBSERVE_PAINTS = `
  window.__bylinePaints = { lcp: null, lcpElement: null, fcp: null, longTasks: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__bylinePaints.longTasks.push({ startMs: Math.round(entry.startTime), durationMs: Math.round(entry.duration) });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const element = entry.element;
      const text = element && element.textContent ? element.textContent.trim().slice(0, 40) : '';
      window.__bylinePaints.lcp = entry.startTime;
      // No element: text inside a user-agent shadow root (a <textarea>'s or <input>'s own text), or an element removed since.
      window.__bylinePaints.lcpElement = element
        ? element.tagName.toLowerCase() + (entry.url ? ' ' + entry.url.split('/').pop() : text ? ' "' + text + '"' : '')
        : entry.url ? 'image ' + entry.url.split('/').pop() : 'text with no element (' + entry.size + ' px²)';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') window.__bylinePaints.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
`;

const gzipSizes = new Map<string, number>();

/** The gzip size of a built file under `clientDist`, or null for something the client did not build (an API answer). */
function gzipSizeOf(clientDist: string, url: string): number | null {
  const pathname = new URL(url).pathname;
  const file = path.join(clientDist, pathname);
  if (!file.startsWith(clientDist + path.sep)) return null;
  let size = gzipSizes.get(file);
  if (size === undefined) {
    try {
      size = gzipSync(readFileSync(file), { level: 9 }).length;
    } catch {
      return null;
    }
    gzipSizes.set(file, size);
  }
  return size;
}

async function throttle(cdp: CDPSession, throttled: boolean): Promise<void> {
  await cdp.send('Network.enable');
  if (!throttled) return;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_THROTTLING.cpuSlowdown });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: MOBILE_THROTTLING.latencyMs,
    downloadThroughput: MOBILE_THROTTLING.downloadBitsPerSecond / 8,
    uploadThroughput: MOBILE_THROTTLING.uploadBitsPerSecond / 8,
  });
}

/**
 * Opens `url` in a new browser context (empty cache, only `cookies`), throttled unless
 * `throttled` is false (the warm-up), and waits until the network is idle.
 */
export async function measureLoad(browser: Browser, options: { url: string; cookies: Cookie[]; clientDist: string; throttled: boolean }): Promise<LoadMeasurement> {
  const context: BrowserContext = await browser.newContext({ viewport: PHONE_VIEWPORT });
  try {
    if (options.cookies.length > 0) {
      // On the origin, path /: set from the page's URL they would take its folder as their path
      // (/teams/ for /teams/1), and the GraphQL requests would go without them.
      const { hostname } = new URL(options.url);
      await context.addCookies(options.cookies.map((cookie) => ({ ...cookie, domain: hostname, path: '/', httpOnly: true, sameSite: 'Lax' as const })));
    }
    await context.addInitScript(OBSERVE_PAINTS);
    const page = await context.newPage();
    if (process.env.CLIENT_LOAD_DEBUG) {
      page.on('console', (message) => console.log(`  [console ${message.type()}] ${message.text()}`));
      page.on('pageerror', (error) => console.log(`  [page error] ${error.message}`));
    }
    const cdp = await context.newCDPSession(page);
    const fetched = new Map<string, Fetched>();
    const inFlight = new Set<string>();
    const sentAt = new Map<string, number>();
    let lastActivity = performance.now();
    const requested = new Map<string, string>();
    // A web worker's own script (Vite names it `*.worker-*.js`) is announced here, but Chromium
    // fetches it in the worker's target, so its end never reaches this session: counted as a
    // script when asked for, by its built file's size, and left out of the idle wait.
    const workerScripts = new Set<string>();
    cdp.on('Network.requestWillBeSent', (event) => {
      if (/\/assets\/[^/]+\.worker-[^/]+\.js$/.test(new URL(event.request.url).pathname)) {
        workerScripts.add(event.request.url);
        return;
      }
      inFlight.add(event.requestId);
      requested.set(event.requestId, event.request.url);
      sentAt.set(event.requestId, event.timestamp);
      lastActivity = performance.now();
    });
    cdp.on('Network.responseReceived', (event) => {
      fetched.set(event.requestId, { url: event.response.url, type: event.type ?? 'Other', encodedBytes: 0, sentAt: sentAt.get(event.requestId) ?? event.timestamp, finishedAt: null });
    });
    cdp.on('Network.loadingFinished', (event) => {
      inFlight.delete(event.requestId);
      lastActivity = performance.now();
      const entry = fetched.get(event.requestId);
      if (entry) {
        entry.encodedBytes = event.encodedDataLength;
        entry.finishedAt = event.timestamp;
      }
    });
    cdp.on('Network.loadingFailed', (event) => {
      inFlight.delete(event.requestId);
      lastActivity = performance.now();
    });
    await throttle(cdp, options.throttled);

    const started = performance.now();
    const response = await page.goto(options.url, { waitUntil: 'load', timeout: 120_000 });
    if (!response?.ok()) throw new Error(`${options.url} answered ${response?.status() ?? 'nothing'}`);
    // Idle: no request for 500 ms *and* a main thread free enough to run an idle callback. The
    // network alone is not enough: under the CPU slow-down the shell's scripts can run for more
    // than 500 ms before they ask for the page's chunk.
    const deadline = started + 120_000;
    for (;;) {
      await page.evaluate('new Promise((resolve) => requestIdleCallback(() => requestAnimationFrame(() => resolve(null)), { timeout: 10000 }))');
      if (inFlight.size === 0 && performance.now() - lastActivity >= 500) break;
      if (performance.now() > deadline) {
        const busy = [...inFlight].map((id) => requested.get(id) ?? id).join(', ') || 'none in flight, but the last one ended under 500 ms ago';
        throw new Error(`${options.url} was still busy after 120 s (requests in flight: ${busy})`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const idleMs = performance.now() - started;
    if (process.env.CLIENT_LOAD_DEBUG) await page.screenshot({ path: `/tmp/client-load-${new URL(options.url).pathname.replaceAll('/', '_')}.png` });
    const paints = (await page.evaluate('window.__bylinePaints')) as {
      lcp: number | null;
      lcpElement: string | null;
      fcp: number | null;
      longTasks: Array<{ startMs: number; durationMs: number }>;
    };

    // When the page started its idle work (client/src/ui/useWhenIdle.ts), in ms from navigation;
    // the document's own request is sent at navigation's start, which this session timed too.
    const idleWorkMs = (await page.evaluate(`performance.getEntriesByName(${JSON.stringify(IDLE_WORK_MARK)})[0]?.startTime ?? null`)) as number | null;
    const navigationSentAt = Math.min(...[...fetched.values()].map((entry) => entry.sentAt));
    const preloadedWhenIdle = (entry: Fetched) => idleWorkMs !== null && (entry.sentAt - navigationSentAt) * 1000 >= idleWorkMs;
    let jsGzipBytes = 0;
    let idlePreloadJsGzipBytes = 0;
    let cssGzipBytes = 0;
    let jsFiles = 0;
    let cssFiles = 0;
    let jsTransferBytes = 0;
    let transferBytes = 0;
    const scripts: LoadMeasurement['scripts'] = [];
    for (const entry of fetched.values()) {
      transferBytes += entry.encodedBytes;
      const gzipBytes = entry.type === 'Script' || entry.type === 'Stylesheet' ? gzipSizeOf(options.clientDist, entry.url) : null;
      if (gzipBytes === null) continue;
      if (entry.type === 'Script' && preloadedWhenIdle(entry)) {
        idlePreloadJsGzipBytes += gzipBytes;
        scripts.push({ file: `${new URL(entry.url).pathname.split('/').pop() ?? entry.url} (preloaded when idle)`, gzipBytes });
      } else if (entry.type === 'Script') {
        jsGzipBytes += gzipBytes;
        jsFiles++;
        jsTransferBytes += entry.encodedBytes;
        scripts.push({ file: new URL(entry.url).pathname.split('/').pop() ?? entry.url, gzipBytes });
      } else {
        cssGzipBytes += gzipBytes;
        cssFiles++;
      }
    }
    for (const url of workerScripts) {
      const gzipBytes = gzipSizeOf(options.clientDist, url);
      if (gzipBytes === null) continue;
      jsGzipBytes += gzipBytes;
      jsFiles++;
      scripts.push({ file: `${new URL(url).pathname.split('/').pop() ?? url} (worker)`, gzipBytes });
    }
    scripts.sort((a, b) => b.gzipBytes - a.gzipBytes);
    const requests = [...fetched.values()].sort((a, b) => a.sentAt - b.sentAt);
    const origin = requests[0]?.sentAt ?? 0;
    const ms = (timestamp: number) => Math.round((timestamp - origin) * 1000);
    const timeline = requests.map((entry) => ({
      path: new URL(entry.url).pathname,
      type: entry.type,
      startMs: ms(entry.sentAt),
      endMs: entry.finishedAt === null ? null : ms(entry.finishedAt),
      encodedBytes: entry.encodedBytes,
    }));
    return {
      jsGzipBytes,
      idlePreloadJsGzipBytes,
      cssGzipBytes,
      jsFiles,
      cssFiles,
      transferBytes,
      requests: fetched.size,
      jsTransferBytes,
      fcpMs: paints.fcp,
      lcpMs: paints.lcp,
      lcpElement: paints.lcpElement,
      idleMs,
      scripts,
      timeline,
      longTasksBeforeLcp: paints.longTasks.filter((task) => paints.lcp !== null && task.startMs < paints.lcp),
    };
  } finally {
    await context.close();
  }
}
