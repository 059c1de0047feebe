import { describe, expect, it } from 'vitest';
import { NETWORK_LIST, NetworkId } from '../../../../../../domain/networks.js';
import { fixtureLink, SCENARIO_LINKS } from '../../../../test-support/fixture-networks/fixture-links.js';
import {
  INSTAGRAM_SCENARIO_IDS,
  NUMERIC_SCENARIO_IDS,
  YOUTUBE_SCENARIO_IDS,
  type FixtureScenario,
} from '../../../../test-support/fixture-networks/scenarios.js';
import { ScrapeFailure, type ScrapeFailureReason } from '../scraped-post.js';
import { OUTBOUND_TEST_TIMEOUT_MS, useFixtureNetworks } from '../../../../test-support/fixture-networks/use-fixture-networks.js';
import { adapterFor } from './index.js';

const fixtures = useFixtureNetworks();

type Scenario = Exclude<FixtureScenario, 'ok'>;

/** Which scenario ids fit each network's id shape. */
const SCENARIO_IDS: Readonly<Record<NetworkId, Readonly<Record<Scenario, string>>>> = {
  [NetworkId.YouTube]: YOUTUBE_SCENARIO_IDS,
  [NetworkId.TikTok]: NUMERIC_SCENARIO_IDS,
  [NetworkId.Twitter]: NUMERIC_SCENARIO_IDS,
  [NetworkId.Instagram]: INSTAGRAM_SCENARIO_IDS,
  [NetworkId.Facebook]: NUMERIC_SCENARIO_IDS,
  [NetworkId.LinkedIn]: NUMERIC_SCENARIO_IDS,
  [NetworkId.Twitch]: NUMERIC_SCENARIO_IDS,
  [NetworkId.Behance]: NUMERIC_SCENARIO_IDS,
  [NetworkId.Threads]: INSTAGRAM_SCENARIO_IDS,
  [NetworkId.Snapchat]: INSTAGRAM_SCENARIO_IDS,
  [NetworkId.Website]: INSTAGRAM_SCENARIO_IDS,
};

/** What each misbehaviour must become; 'redirect' is a chain within the limit, so it imports. */
const EXPECTED: Readonly<Record<Scenario, ScrapeFailureReason | 'imported'>> = {
  deleted: 'deleted',
  private: 'private',
  missing: 'not_found',
  broken: 'malformed',
  error: 'malformed',
  slow: 'timeout',
  huge: 'malformed',
  redirect: 'imported',
  loop: 'malformed',
  blocked: 'blocked',
};

function linkFor(networkId: NetworkId, scenario: Scenario) {
  return fixtureLink(SCENARIO_LINKS[networkId](SCENARIO_IDS[networkId][scenario]), networkId);
}

async function outcome(promise: Promise<unknown>): Promise<ScrapeFailureReason | 'imported'> {
  try {
    await promise;
    return 'imported';
  } catch (error) {
    if (error instanceof ScrapeFailure) return error.reason;
    throw error;
  }
}

// 'slow' cases each wait out the whole timeout, so they run together in one test (below) rather
// than five at a time as vitest runs concurrent tests.
const CASES = NETWORK_LIST.flatMap((network) =>
  (Object.keys(EXPECTED) as Scenario[])
    .filter((scenario) => scenario !== 'slow')
    .map((scenario) => ({ title: network.title, networkId: network.id, scenario, expected: EXPECTED[scenario] })),
);

describe('scrape', () => {
  // Concurrent: the slow cases each wait out a timeout.
  it.concurrent.for(CASES)('$title: $scenario post → $expected', async ({ networkId, scenario }, { expect }) => {
    const link = linkFor(networkId, scenario);
    expect(await outcome(adapterFor(networkId).scrape(link, fixtures.http))).toBe(EXPECTED[scenario]);
  });

  it('slow post → timeout, on every network, costing the timeout rather than the network\'s delay', async () => {
    const started = Date.now();
    const outcomes = await Promise.all(NETWORK_LIST.map((network) => outcome(adapterFor(network.id).scrape(linkFor(network.id, 'slow'), fixtures.http))));
    expect(outcomes).toEqual(NETWORK_LIST.map(() => 'timeout'));
    // The fixtures answer slow posts after 30 s.
    expect(Date.now() - started).toBeLessThan(OUTBOUND_TEST_TIMEOUT_MS + 8_000);
  });

  it('names the reason in the failure message, for logs', async () => {
    const failure = await adapterFor(NetworkId.Instagram)
      .scrape(linkFor(NetworkId.Instagram, 'huge'), fixtures.http)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ScrapeFailure);
    expect((failure as ScrapeFailure).message).toBe('response too large');
  });
});

/** The stats refresh must learn that a post is gone (it marks it deleted) or hidden. */
const STATS_CASES = NETWORK_LIST.flatMap((network) =>
  (['deleted', 'missing', 'blocked'] as const).map((scenario) => ({ title: network.title, networkId: network.id, scenario, expected: EXPECTED[scenario] })),
);

describe('fetchStats', () => {
  it.concurrent.for(STATS_CASES)('$title: $scenario post → $expected', async ({ networkId, scenario }, { expect }) => {
    const link = linkFor(networkId, scenario);
    const result = adapterFor(networkId).fetchStats({ externalId: link.externalId, url: link.normalizedUrl }, fixtures.http);
    expect(await outcome(result)).toBe(EXPECTED[scenario]);
  });

  it('slow post → timeout, on every network at once', async () => {
    const outcomes = await Promise.all(
      NETWORK_LIST.map((network) => {
        const link = linkFor(network.id, 'slow');
        return outcome(adapterFor(network.id).fetchStats({ externalId: link.externalId, url: link.normalizedUrl }, fixtures.http));
      }),
    );
    expect(outcomes).toEqual(NETWORK_LIST.map(() => 'timeout'));
  });

  it.for(NETWORK_LIST)('$title: a private post is reported as private', async ({ id: networkId }) => {
    const link = linkFor(networkId, 'private');
    const result = await outcome(adapterFor(networkId).fetchStats({ externalId: link.externalId, url: link.normalizedUrl }, fixtures.http));
    // X's syndication cannot tell a protected post from a missing one; every other network says private.
    expect(result).toBe(networkId === NetworkId.Twitter ? 'not_found' : 'private');
  });
});
