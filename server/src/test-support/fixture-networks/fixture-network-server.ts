/**
 * A local stand-in for all 11 networks, answering requests of the SCRAPER_BASE_URL shape
 * `/{host}/{path}?{query}` (README.md) as the real network at that host would: oEmbed JSON,
 * post pages with metadata, syndication JSON, short-link redirects and pictures. Which posts
 * misbehave, and how, is chosen by external id: see scenarios.ts.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isPostRoute, picture, text, type FixtureResponse, type FixtureRouter, type PostRoute } from './fixture-http.js';
import type { NetworkName } from '../../../../domain/networks.js';
import { fixturePost, type FixtureStats } from './fixture-posts.js';
import { facebookRouter, instagramRouter, threadsRouter } from './meta-networks.js';
import { tiktokRouter, twitterRouter, youtubeRouter } from './oembed-networks.js';
import { behanceRouter, linkedinRouter, snapchatRouter, twitchRouter, websiteRouter } from './page-networks.js';
import { profileKey, profileRouter, type FixtureProfile, type FixtureProfiles } from './profile-pages.js';
import { isPostScenario, scenarioFor, type FixtureScenario } from './scenarios.js';

export type { FixtureScenario } from './scenarios.js';
export type { FixtureProfile } from './profile-pages.js';

export interface FixtureNetworksOptions {
  /** How long 'slow' posts take to answer; longer than any timeout a test sets. */
  slowMs?: number;
  /** How much a 'huge' post streams; more than the client's default 2 MB limit. */
  hugeBytes?: number;
  /** What every thumbnail URL answers (a JPEG); the default is a 16×16 one. The import benchmark serves a full-size cover. */
  picture?: Uint8Array;
}

export interface FixtureNetworks {
  /** Give this to the app as SCRAPER_BASE_URL. */
  baseUrl: string;
  /** Every request's path and query, in arrival order, e.g. `/www.tiktok.com/oembed?url=…`. */
  requests: string[];
  /** Makes one external id behave as `scenario` (null restores the id's own scenario). */
  setScenario(externalId: string, scenario: FixtureScenario | null): void;
  /** Changes a post's numbers, as if people kept watching it (for stats refresh tests). */
  setStats(externalId: string, stats: Partial<FixtureStats>): void;
  /** Changes what an account's profile page shows (its bio, followers, name), e.g. to put a Byline code in the bio. */
  setProfile(network: NetworkName, handle: string, profile: Partial<FixtureProfile>): void;
  close(): Promise<void>;
}

/** Hosts are tried in order; profile links come after them, and the website router takes whatever no network claims. */
const NETWORK_ROUTERS: readonly FixtureRouter[] = [
  youtubeRouter,
  tiktokRouter,
  twitterRouter,
  instagramRouter,
  facebookRouter,
  threadsRouter,
  linkedinRouter,
  twitchRouter,
  behanceRouter,
  snapchatRouter,
];

const PICTURE = /\.(?:jpe?g|png|webp|gif)$/i;
/** The query parameter that counts redirect hops of the 'redirect' and 'loop' scenarios. */
const HOP = 'fixture_hop';
const REDIRECT_CHAIN = 2;

export async function startFixtureNetworks(options: FixtureNetworksOptions = {}): Promise<FixtureNetworks> {
  const slowMs = options.slowMs ?? 10_000;
  const hugeBytes = options.hugeBytes ?? 3 * 1024 * 1024;
  const requests: string[] = [];
  const scenarios = new Map<string, FixtureScenario>();
  const stats = new Map<string, Partial<FixtureStats>>();
  const timers = new Set<NodeJS.Timeout>();
  const profiles: FixtureProfiles = new Map();
  const routers: readonly FixtureRouter[] = [...NETWORK_ROUTERS, profileRouter(profiles), websiteRouter];

  function answer(res: ServerResponse, response: FixtureResponse): void {
    if (res.destroyed) return;
    res.writeHead(response.status, response.headers);
    res.end(response.body);
  }

  /** Network-independent misbehaviour; null when the network's own renderer decides. */
  function transport(scenario: FixtureScenario, url: URL, res: ServerResponse): FixtureResponse | 'handled' | null {
    if (scenario === 'error') return text(500, 'Internal Server Error');
    if (scenario === 'blocked') return { status: 429, headers: { 'retry-after': '60', 'content-type': 'text/plain' }, body: 'Too Many Requests' };
    if (scenario === 'huge') {
      streamHuge(res, hugeBytes);
      return 'handled';
    }
    const hop = Number(url.searchParams.get(HOP) ?? '0');
    if (scenario === 'loop' || (scenario === 'redirect' && hop < REDIRECT_CHAIN)) {
      const next = new URL(url);
      next.searchParams.set(HOP, String(hop + 1));
      // Alternate absolute and relative Locations: a client must read both against the network URL.
      const location = hop % 2 === 0 ? next.href : `${next.pathname}${next.search}`;
      return { status: hop % 2 === 0 ? 301 : 302, headers: { location }, body: '' };
    }
    return null;
  }

  function respond(route: PostRoute, url: URL, res: ServerResponse): void {
    const scenario = scenarioFor(route.postId, scenarios);
    const post = fixturePost(route.network, route.postId, stats.get(route.postId));
    if (scenario === 'slow') {
      const timer = setTimeout(() => {
        timers.delete(timer);
        answer(res, route.render('ok', post));
      }, slowMs);
      timers.add(timer);
      return;
    }
    const early = transport(scenario, url, res);
    if (early === 'handled') return;
    answer(res, early ?? route.render(isPostScenario(scenario) ? scenario : 'ok', post));
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const path = req.url ?? '/';
    requests.push(path);
    const match = /^\/([^/?]+)(\/[^?]*)?(\?.*)?$/.exec(path);
    const host = match?.[1];
    if (host === undefined || !host.includes('.')) return answer(res, text(404, 'Not a scraper path: expected /{host}/{path}'));
    const url = new URL(`https://${host}${match?.[2] ?? '/'}${match?.[3] ?? ''}`);
    if (PICTURE.test(url.pathname)) return answer(res, picture(options.picture));
    for (const router of routers) {
      const result = router({ host, url });
      if (result === null) continue;
      return isPostRoute(result) ? respond(result, url, res) : answer(res, result);
    }
    answer(res, text(404, 'Not Found'));
  }

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    setScenario: (externalId, scenario) => (scenario === null ? scenarios.delete(externalId) : scenarios.set(externalId, scenario)),
    setStats: (externalId, changed) => stats.set(externalId, { ...stats.get(externalId), ...changed }),
    setProfile: (network, handle, changed) => profiles.set(profileKey(network, handle), { ...profiles.get(profileKey(network, handle)), ...changed }),
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

/** Streams without a Content-Length, so only a client that counts while reading notices the size. */
function streamHuge(res: ServerResponse, bytes: number): void {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  const chunk = Buffer.alloc(64 * 1024, ' ');
  let sent = 0;
  const writeMore = (): void => {
    while (sent < bytes && !res.destroyed) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', writeMore);
    }
    if (!res.destroyed) res.end('<html></html>');
  };
  writeMore();
}
