/**
 * Which posts on the fixture networks misbehave, and how. A scenario is chosen by the
 * post's external id (as Byline's URL recognition computes it), so a test picks one just by
 * pasting a link, and the same link shape reaches oEmbed, page and syndication alike.
 *
 * Ids that pass recognition on every network:
 *
 * | scenario   | word ids (prefix, any case)     | numeric ids  | what the network does                        |
 * |------------|---------------------------------|--------------|----------------------------------------------|
 * | deleted    | `deleted…`                      | 9000000001   | the post's "removed" page / tombstone        |
 * | private    | `private…`                      | 9000000002   | login wall redirect, 401/403, "private" page |
 * | missing    | `missing…`                      | 9000000003   | HTTP 404, or the network's own "no such" page|
 * | broken     | `broken…`                       | 9000000004   | invalid JSON, pages without any metadata     |
 * | error      | `error…`                        | 9000000005   | HTTP 500 everywhere                          |
 * | slow       | `slow…`                         | 9000000006   | answers after `slowMs` (default 10 s)        |
 * | huge       | `huge…`                         | 9000000007   | streams `hugeBytes` (default 3 MB), no length|
 * | redirect   | `redirect…`                     | 9000000008   | 301 (absolute) then 302 (relative), then ok  |
 * | loop       | `loop…`                         | 9000000009   | redirects forever (more than any limit)      |
 * | blocked    | `blocked…`                      | 9000000010   | HTTP 429 with Retry-After                    |
 *
 * Ready-made ids per network (recognition rules: YouTube ids are exactly 11 characters,
 * Instagram codes over 9, TikTok and X ids numeric with at least 9 / over 9 digits):
 * - YouTube: deleted0001, private0001, missing0001, broken00001, error000001, slow0000001,
 *   huge0000001, redirect001, loop0000001, blocked0001
 * - TikTok, X, LinkedIn activities, Twitch videos, Facebook videos/photos: the numeric ids
 * - Instagram: deletedPost01, privateAccountPost0001 (over 20 characters, as the private-account
 *   notice of docs/product.md §Posts expects), missingPost01, brokenPost01, slowPost0001,
 *   hugePost0001, redirectPost1, loopPost00001, blockedPost01, errorPost0001
 * - Twitch clips, Behance galleries, Threads, Snapchat, Facebook posts and websites: any
 *   word id, e.g. clips.twitch.tv/slowClip, janedoe.studio/work/deleted-piece
 * - Short links (vm.tiktok.com/{code}, tiktok.com/t/{code}): a code starting with `missing`
 *   leads to TikTok's home page; any other code leads to a video (ZMabc1234 to the table's).
 * Any other id is a healthy post: from the tables in fixture-posts.ts, or generated from the id.
 * Tests can also change one id's scenario (setScenario) or numbers (setStats) while running.
 */

export const POST_SCENARIOS = ['ok', 'deleted', 'private', 'missing', 'broken'] as const;
/** Scenarios whose answer depends on the network (what its removed page looks like, …). */
export type PostScenario = (typeof POST_SCENARIOS)[number];

/** Scenarios the server plays the same way on every network. */
export type TransportScenario = 'error' | 'slow' | 'huge' | 'redirect' | 'loop' | 'blocked';

export type FixtureScenario = PostScenario | TransportScenario;

const SCENARIO_ORDER: readonly Exclude<FixtureScenario, 'ok'>[] = [
  'deleted',
  'private',
  'missing',
  'broken',
  'error',
  'slow',
  'huge',
  'redirect',
  'loop',
  'blocked',
];

/** 9000000001 … 9000000010, in the order of the table above. */
export const NUMERIC_SCENARIO_IDS: Readonly<Record<Exclude<FixtureScenario, 'ok'>, string>> = Object.fromEntries(
  SCENARIO_ORDER.map((scenario, index) => [scenario, String(9_000_000_001 + index)]),
) as Record<Exclude<FixtureScenario, 'ok'>, string>;

/** Word ids of the same scenarios, one per network's id shape. */
export const YOUTUBE_SCENARIO_IDS: Readonly<Record<Exclude<FixtureScenario, 'ok'>, string>> = {
  deleted: 'deleted0001',
  private: 'private0001',
  missing: 'missing0001',
  broken: 'broken00001',
  error: 'error000001',
  slow: 'slow0000001',
  huge: 'huge0000001',
  redirect: 'redirect001',
  loop: 'loop0000001',
  blocked: 'blocked0001',
};

export const INSTAGRAM_SCENARIO_IDS: Readonly<Record<Exclude<FixtureScenario, 'ok'>, string>> = {
  deleted: 'deletedPost01',
  private: 'privateAccountPost0001',
  missing: 'missingPost01',
  broken: 'brokenPost01',
  error: 'errorPost0001',
  slow: 'slowPost0001',
  huge: 'hugePost0001',
  redirect: 'redirectPost1',
  loop: 'loopPost00001',
  blocked: 'blockedPost01',
};

/** The scenario an id asks for; `overrides` (from setScenario) win. */
export function scenarioFor(id: string, overrides: ReadonlyMap<string, FixtureScenario>): FixtureScenario {
  const override = overrides.get(id);
  if (override !== undefined) return override;
  const numeric = SCENARIO_ORDER.find((scenario) => NUMERIC_SCENARIO_IDS[scenario] === id);
  if (numeric !== undefined) return numeric;
  const lower = id.toLowerCase();
  return SCENARIO_ORDER.find((scenario) => lower.startsWith(scenario)) ?? 'ok';
}

export function isPostScenario(scenario: FixtureScenario): scenario is PostScenario {
  return (POST_SCENARIOS as readonly string[]).includes(scenario);
}
