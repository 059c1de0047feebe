import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createOutboundHttp } from '../../modules/posts/import/outbound-http.js';
import type { OutboundHttp } from '../../modules/posts/import/scraped-post.js';
import { startFixtureNetworks, type FixtureNetworks } from './fixture-network-server.js';

/**
 * The set-up of an adapter test file: the fixture networks, and an outbound client pointed at
 * them with a short timeout (so "slow" fails fast). Requests seen are reset before each test.
 */
export function useFixtureNetworks(): { networks: FixtureNetworks; http: OutboundHttp } {
  const env = {} as { networks: FixtureNetworks; http: OutboundHttp };
  beforeAll(async () => {
    env.networks = await startFixtureNetworks({ slowMs: 2_000 });
    env.http = createOutboundHttp({ scraperBaseUrl: env.networks.baseUrl, allowPrivateAddresses: false, defaultTimeoutMs: 300 });
  });
  afterAll(async () => {
    await env.networks?.close();
  });
  beforeEach(() => {
    env.networks.requests.length = 0;
  });
  return env;
}
