import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createOutboundHttp } from '../../modules/posts/index.js';
import type { OutboundHttp } from '../../modules/posts/index.js';
import { startFixtureNetworks, type FixtureNetworks } from './fixture-network-server.js';

/**
 * The set-up of an adapter test file: the fixture networks, and an outbound client pointed at
 * them. The timeout is short enough that "slow" fails fast yet long enough that a busy machine
 * (two cores, a hundred concurrent cases, redirect chains) never turns a good answer into a
 * timeout: "slow" posts answer only after 30 s. Requests seen are reset before each test.
 */
/** Well below the fixtures' slow answer, well above what a loaded machine needs for a good one. */
export const OUTBOUND_TEST_TIMEOUT_MS = 2_000;

export function useFixtureNetworks(): { networks: FixtureNetworks; http: OutboundHttp } {
  const env = {} as { networks: FixtureNetworks; http: OutboundHttp };
  beforeAll(async () => {
    env.networks = await startFixtureNetworks({ slowMs: 30_000 });
    env.http = createOutboundHttp({ scraperBaseUrl: env.networks.baseUrl, allowPrivateAddresses: false, defaultTimeoutMs: OUTBOUND_TEST_TIMEOUT_MS });
  });
  afterAll(async () => {
    await env.networks?.close();
  });
  beforeEach(() => {
    env.networks.requests.length = 0;
  });
  return env;
}
