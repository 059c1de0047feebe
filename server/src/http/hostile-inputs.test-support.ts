import fc from 'fast-check';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';

/**
 * Hostile inputs shared by the REST and GraphQL fuzz tests. Values are JSON text fragments,
 * not JS values: some of them (10 000 levels of nesting, 1e400) cannot be built with
 * JSON.stringify or survive it.
 */

/** One seed for every sample: a failure reproduces exactly. */
export const FUZZ_SEED = 20261125;

/**
 * Half a UTF-16 surrogate pair: JSON carries one (`"\uD800"`) but it is no Unicode character,
 * and PostgreSQL's jsonb refuses it. Alone, reversed, and inside a believable address (so it
 * gets past format checks to where text is stored, such as the audit log of a sign-in).
 */
export const LONE_SURROGATE_TEXTS: readonly string[] = ['\uD800', '\uDC00\uD800', 'fuzz\uD800@example.com'];

/**
 * Ids just past what PostgreSQL's smallint and int key columns hold: each must be refused as
 * bad input (or name nothing), never sent to a query that fails on it.
 */
export const OUT_OF_RANGE_IDS: readonly number[] = [32_768, 2_147_483_648];

/** Texts that have broken servers: NUL (PostgreSQL refuses it), bad escapes, lone surrogates, sheer size. */
export const HOSTILE_TEXTS: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '%00',
  '%E0%A4%A',
  '%',
  ...LONE_SURROGATE_TEXTS,
  '\uFFFF\uFFFE',
  '\u202Eevil',
  'x'.repeat(90_000),
  '🙂'.repeat(2_000),
  '../../../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '   ',
  '',
];

const nested = (depth: number, open: string, inner: string, close: string) => open.repeat(depth) + inner + close.repeat(depth);

/** Wrong types, extreme numbers, deep nesting and prototype keys, as JSON text. */
export const HOSTILE_FRAGMENTS: readonly string[] = [
  ...HOSTILE_TEXTS.map((text) => JSON.stringify(text)),
  '0',
  '-1',
  '1.5',
  '-0',
  '9007199254740993',
  '1e308',
  '-1e308',
  '1e400',
  'true',
  'false',
  'null',
  '[]',
  '{}',
  '["a\\u0000b", 1, null]',
  '{"a": {"b": "\\u0000"}}',
  '{"\\ud800": {"\\udc00x": 1}}',
  nested(5_000, '[', '1', ']'),
  nested(3_000, '{"a":', '1', '}'),
  `[${Array.from({ length: 15_000 }, () => '1').join(',')}]`,
  '{"__proto__": {"polluted": true}}',
  '{"constructor": {"prototype": {"polluted": true}}}',
];

/** Field names REST routes read, for routes that do not declare a schema (the auth module's). */
export const COMMON_FIELD_NAMES: readonly string[] = [
  'email',
  'password',
  'token',
  'code',
  'invitationCode',
  'returnTo',
  'idToken',
  'refreshToken',
  'adminRefreshToken',
  'userId',
  'url',
  'action',
  'target',
  'targetId',
  'fields',
  'next',
  'username',
  'errorTo',
  'state',
  'oauth_token',
  'oauth_verifier',
  'name',
  'id',
  'w',
];

/**
 * Believable values by field name, so a call with one hostile field gets past the checks of
 * the others and reaches deeper code. Links are on no supported network: nothing is fetched.
 */
const PLAUSIBLE_VALUES: Readonly<Record<string, unknown>> = {
  email: 'fuzz-user@example.com',
  password: 'Tr1cky-Walrus-Umbrella',
  returnTo: '/',
  next: '/',
  errorTo: '/',
  userId: 1,
  id: '1',
  targetId: 1,
  url: 'https://example.com/fuzz/post/1',
  action: 'view',
  target: 'fuzz',
  fields: {},
  username: 'fuzz_user',
  name: 'Fuzz',
  w: '80',
};

export function plausibleValue(field: string): unknown {
  return PLAUSIBLE_VALUES[field] ?? 'abcdef123456';
}

/** What replaces one field of an otherwise believable call: an empty text and an id out of range too, where an id may be read. */
export const ONE_FIELD_HOSTILES: readonly string[] = [
  JSON.stringify('a\u0000b'),
  JSON.stringify('fuzz\uD800@example.com'),
  JSON.stringify('%E0%A4%A'),
  JSON.stringify('x'.repeat(90_000)),
  '""',
  '2147483648',
  '"2147483648"',
  '{"$gt": ""}',
  '[1, 2]',
  '-1',
  '1e400',
  'null',
];
/** `%ED%A0%80` is the UTF-8 form of a lone surrogate: decoding must refuse it or make it U+FFFD, never one. */
export const ONE_FIELD_QUERY_HOSTILES: readonly string[] = ['a%00b', '%E0%A4%A', '%ED%A0%80', '', '2147483648', 'x'.repeat(6_000)];

/** Bodies that are not JSON at all, or JSON the parser must refuse (it only takes objects and arrays). */
export const INVALID_JSON_BODIES: readonly string[] = ['{', '{"a":', '[1,]', "{'a': 1}", '{"a": 1}}', 'nul\u0000', '\u0000', ' ', 'true', '"text"', '42', 'null', '\uFEFF{}'];

/** A body over the 100 kB JSON limit. */
export const OVERSIZED_BODY = JSON.stringify({ padding: 'x'.repeat(200_000) });

/** Bodies with a Content-Encoding: garbage that does not decode, and a valid encoding of bad JSON. */
export function encodedBodies(): Array<{ encoding: string; body: Uint8Array }> {
  const garbage = new TextEncoder().encode('definitely not compressed');
  const truncated = gzipSync('{"a": 1}').subarray(0, 12);
  return [
    ...['gzip', 'deflate', 'br', 'zstd', 'x-gzip', 'compress', 'gzip, br', 'identity, gzip'].map((encoding) => ({ encoding, body: garbage })),
    { encoding: 'gzip', body: truncated },
    { encoding: 'gzip', body: gzipSync('{"a":') },
    { encoding: 'deflate', body: deflateSync('not json') },
    { encoding: 'br', body: brotliCompressSync(nested(5_000, '[', '1', ']')) },
    // A small body that inflates past the limit (a "zip bomb").
    { encoding: 'gzip', body: gzipSync(`{"a":"${'x'.repeat(1_000_000)}"}`) },
  ];
}

/** Content types a JSON route may be sent instead of JSON. */
export const ODD_CONTENT_TYPES: readonly string[] = ['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16', 'application/json; charset=bogus', 'multipart/form-data; boundary=x'];

/** A query-string value as sent on the wire (already percent-encoded, or deliberately not). */
export const HOSTILE_QUERY_VALUES: readonly string[] = [
  '%00',
  'a%00b',
  '%E0%A4%A',
  '%',
  '%ZZ',
  '%u0000',
  '%uD800',
  '%C0%80',
  '%ED%A0%80',
  '-1',
  '1e999',
  '2147483648',
  '',
  'x'.repeat(6_000),
  encodeURIComponent('🙂'.repeat(200)),
  '%F0%9F',
];

/** A random JSON object over `keys` whose values are hostile fragments, as JSON text. */
export function hostileObjectArbitrary(keys: readonly string[]): fc.Arbitrary<string> {
  const entry = fc.tuple(fc.constantFrom(...keys), fc.constantFrom(...HOSTILE_FRAGMENTS));
  return fc.uniqueArray(entry, { minLength: 1, maxLength: 4, selector: ([key]) => key }).map((entries) => `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`);
}

/** A random query string over `keys` with hostile values, repeated keys and bracket syntax. */
export function hostileQueryArbitrary(keys: readonly string[]): fc.Arbitrary<string> {
  const name = fc.constantFrom(...keys).chain((key) => fc.constantFrom(key, `${key}[]`, `${key}[a][b]`));
  const pair = fc.tuple(name, fc.constantFrom(...HOSTILE_QUERY_VALUES)).map(([key, value]) => `${key}=${value}`);
  return fc.array(pair, { minLength: 1, maxLength: 3 }).map((pairs) => pairs.join('&'));
}

export function sample<T>(arbitrary: fc.Arbitrary<T>, count: number, seedOffset = 0): T[] {
  return fc.sample(arbitrary, { seed: FUZZ_SEED + seedOffset, numRuns: count });
}

/** Text that means a stack trace (or internals) reached the client. */
const LEAK_PATTERN = /\bat [\w.<>$]+ \(|\.(?:ts|js|mjs|cjs):\d+:\d+|stacktrace|node_modules|ECONNREFUSED|QueryFailedError|DriverException|syntax error at or near/i;

export function leaksInternals(text: string): boolean {
  return LEAK_PATTERN.test(text);
}

/** Runs `tasks` a few at a time (the machine has two cores and other tests alongside). */
export async function runPooled<T>(tasks: ReadonlyArray<() => Promise<T>>, concurrency = 4): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < tasks.length; index = next++) results[index] = await tasks[index]!();
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, worker));
  return results;
}
