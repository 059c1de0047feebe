import fc from 'fast-check';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type RunningApp } from '../app.js';
import { createLogger } from '../logger.js';
import { createUser } from '../test-support/factories.js';
import { useTestServer } from '../test-support/test-server.js';
import {
  COMMON_FIELD_NAMES,
  HOSTILE_FRAGMENTS,
  INVALID_JSON_BODIES,
  ODD_CONTENT_TYPES,
  ONE_FIELD_HOSTILES,
  ONE_FIELD_QUERY_HOSTILES,
  OVERSIZED_BODY,
  encodedBodies,
  hostileObjectArbitrary,
  hostileQueryArbitrary,
  leaksInternals,
  plausibleValue,
  runPooled,
  sample,
} from './hostile-inputs.test-support.js';
import { listRoutes, type RouteEntry } from './route-table.test-support.js';

/**
 * Every REST route, read from the app's router stack (a new route is covered without touching
 * this file), gets hostile paths, queries, bodies and encodings. None may answer 5xx or show
 * a stack trace. Limits are raised so the rate limiters do not answer in the routes' place.
 */
const env = useTestServer({ rateLimitPerMinute: 1_000_000, authAttemptsPerIp: 1_000_000, authAttemptsPerAccount: 1_000_000 });

/** Path segments for `:param` and `*wildcard` placeholders. */
const HOSTILE_SEGMENTS = ['%00', '%E0%A4%A', '%', '%ZZ', '%C0%80', '%ED%A0%80', '%2e%2e%2f%2e%2e', '-1', '0', '1e309', '2147483648', '9007199254740993', 'x'.repeat(3_000), '%F0%9F%98%80', 'null'];
/** Paths under each mount that match no route, a catch-all or static files (mounted middleware, not routes). */
const STRAY_PATHS = ['/assets/missing.js', '/api/%E0%A4%A', '/api/posts/%E0%A4%A/%', '/media/%00', '/graphql/%E0%A4%A', '/%E0%A4%A', '/assets/%E0%A4%A', '/assets/..%2f..%2fetc%2fpasswd', '/%00'];
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE', 'ALL']);

interface FuzzCase {
  label: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

let app: RunningApp;
let baseUrl: string;
let clientDir: string;
let userToken: string;

beforeAll(async () => {
  // A built client, so the page fallback and static files are routes too; mail sent on the way
  // goes to an outbox in the same temporary folder.
  clientDir = mkdtempSync(path.join(tmpdir(), 'byline-fuzz-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  writeFileSync(path.join(clientDir, 'assets', 'app.js'), 'console.log(1)');
  const { server } = env;
  app = await createApp({ config: { ...server.config, clientDistDir: clientDir, dataDir: clientDir }, logger: createLogger('silent'), orm: server.orm, pubsub: server.pubsub, queue: server.queue });
  await new Promise<void>((resolve) => app.httpServer.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(app.httpServer.address() as AddressInfo).port}`;
  userToken = server.tokenFor((await createUser(server.orm.em.fork())).id);
});

afterAll(async () => {
  await app?.close();
  if (clientDir) rmSync(clientDir, { recursive: true, force: true });
});

function fillPath(template: string, segment: string): string {
  return template.replace(/[{}]/g, '').replace(/[:*]\w+/g, segment);
}

function requestMethod(route: RouteEntry): string {
  return route.method === 'ALL' ? 'POST' : route.method;
}

/** The fields a route reads: those of its zod schema, else the usual names (routes that declare none). */
function fieldNames(route: RouteEntry, part: 'query' | 'body'): { names: string[]; declared: boolean } {
  const schema = route.inputs?.[part];
  const shape: unknown = schema && 'shape' in schema ? schema.shape : undefined;
  if (typeof shape === 'object' && shape !== null) return { names: Object.keys(shape), declared: true };
  return { names: [...COMMON_FIELD_NAMES], declared: false };
}

/** Every field's hostile value where the route declares its fields; a fixed sample of them otherwise. */
function oneHostileField(fields: { names: string[]; declared: boolean }, hostiles: readonly string[], seedOffset: number, sampled: number): Array<[string, string]> {
  const pairs = fields.names.flatMap((name) => hostiles.map((hostile): [string, string] => [name, hostile]));
  return fields.declared ? pairs : sample(fc.constantFrom(...pairs), sampled, seedOffset);
}

function queryWith(names: string[], hostileName: string, hostileValue: string): string {
  return names.map((name) => `${name}=${name === hostileName ? hostileValue : encodeURIComponent(String(plausibleValue(name)))}`).join('&');
}

function bodyWith(names: string[], hostileName: string, hostileFragment: string): string {
  return `{${names.map((name) => `${JSON.stringify(name)}:${name === hostileName ? hostileFragment : JSON.stringify(plausibleValue(name))}`).join(',')}}`;
}

/**
 * Body-level refusals (JSON parser, encodings, content type) happen before any route: the whole
 * table runs on one route per mount, a few representatives on every other route.
 */
function transportCases(method: string, path: string, whole: boolean): FuzzCase[] {
  const json = { 'content-type': 'application/json' };
  const invalid = whole ? INVALID_JSON_BODIES : INVALID_JSON_BODIES.slice(0, 2);
  const encoded = whole ? encodedBodies() : encodedBodies().filter(({ encoding }) => encoding === 'gzip' || encoding === 'zstd');
  const types = whole ? ODD_CONTENT_TYPES : ODD_CONTENT_TYPES.slice(0, 1);
  return [
    ...invalid.map((body) => ({ label: `invalid JSON ${JSON.stringify(body)}`, method, path, headers: json, body })),
    { label: 'oversized body', method, path, headers: json, body: OVERSIZED_BODY },
    ...encoded.map(({ encoding, body }) => ({ label: `content-encoding ${encoding}`, method, path, headers: { ...json, 'content-encoding': encoding }, body })),
    ...types.map((type) => ({ label: `content-type ${type}`, method, path, headers: { 'content-type': type }, body: '{"a":1}' })),
  ];
}

function casesFor(route: RouteEntry, index: number, wholeTransportTable: boolean): FuzzCase[] {
  const method = requestMethod(route);
  const base = fillPath(route.path, '1');
  const cases: FuzzCase[] = [];
  if (/[:*]\w+/.test(route.path)) {
    for (const segment of HOSTILE_SEGMENTS) cases.push({ label: `path ${segment.slice(0, 20)}`, method, path: fillPath(route.path, segment) });
  }
  const query = fieldNames(route, 'query');
  for (const text of sample(hostileQueryArbitrary(query.names), 3, index)) cases.push({ label: `query ${text.slice(0, 40)}`, method, path: `${base}?${text}` });
  for (const [name, value] of oneHostileField(query, ONE_FIELD_QUERY_HOSTILES, index, 6)) {
    cases.push({ label: `query ${name}=${value.slice(0, 20)}`, method, path: `${base}?${queryWith(query.names, name, value)}` });
  }
  cases.push({ label: 'forged bearer', method, path: base, headers: { authorization: `Bearer ${'a'.repeat(4_000)}.b.c` } });
  if (!WRITE_METHODS.has(route.method)) return cases;

  const json = { 'content-type': 'application/json' };
  cases.push(...transportCases(method, base, wholeTransportTable));
  // Only objects and arrays get past the JSON parser: other top-level values are refused there.
  for (const fragment of HOSTILE_FRAGMENTS.filter((text) => /^[[{]/.test(text))) cases.push({ label: `body ${fragment.slice(0, 30)}`, method, path: base, headers: json, body: fragment });
  const body = fieldNames(route, 'body');
  for (const text of sample(hostileObjectArbitrary(body.names), 4, index)) cases.push({ label: `body ${text.slice(0, 60)}`, method, path: base, headers: json, body: text });
  for (const [name, fragment] of oneHostileField(body, ONE_FIELD_HOSTILES, index, 12)) {
    cases.push({ label: `body ${name}: ${fragment.slice(0, 20)}`, method, path: base, headers: json, body: bodyWith(body.names, name, fragment) });
  }
  return cases;
}

interface Finding {
  route: string;
  label: string;
  status: number | string;
  body: string;
}

async function send(route: string, fuzzCase: FuzzCase, signedIn: boolean): Promise<Finding | null> {
  const headers: Record<string, string> = { ...(signedIn ? { authorization: `Bearer ${userToken}` } : {}), ...fuzzCase.headers };
  let response: Response;
  try {
    response = await fetch(`${baseUrl}${fuzzCase.path}`, { method: fuzzCase.method, headers, body: fuzzCase.body, redirect: 'manual', signal: AbortSignal.timeout(15_000) });
  } catch (error) {
    return { route, label: fuzzCase.label, status: 'no answer', body: String(error) };
  }
  const text = await response.text();
  const apiPath = /^\/(api|media|graphql)(\/|$|\?)/.test(fuzzCase.path);
  // Node itself answers some requests (431: headers too large) with an empty body: not a page.
  const errorPage = apiPath && response.status >= 400 && text !== '' && !(response.headers.get('content-type') ?? '').includes('json');
  if (response.status >= 500 || leaksInternals(text) || errorPage) return { route, label: fuzzCase.label, status: response.status, body: text.slice(0, 300) };
  return null;
}

describe('every REST route under hostile input', () => {
  it('finds the routes in the router stack', () => {
    const names = listRoutes(app.httpServer).map((route) => `${route.method} ${route.path}`);
    expect(names).toEqual(expect.arrayContaining(['GET /api/health', 'POST /api/track', 'GET /api/posts/:id', 'GET /media/posts/:id/thumbnail', 'POST /api/auth/email/signup', 'GET /{*path}']));
  });

  it('parses the inputs of every route outside the auth module with a declared zod schema', () => {
    // The auth module's routes (/api/auth/…, /api/users/verify) are converted separately; these read nothing.
    const readsNothing = new Set(['GET /api/health', 'GET /', 'GET /{*path}']);
    const authModule = /^\/api\/(auth|auth\/.*|users\/verify)$/;
    const undeclared = listRoutes(app.httpServer)
      .filter((route) => !route.inputs && !authModule.test(route.path))
      .map((route) => `${route.method} ${route.path}`)
      .filter((name) => !readsNothing.has(name));
    expect(undeclared).toEqual([]);
  });

  it('answers without a 5xx or a stack trace', async () => {
    const routes = listRoutes(app.httpServer);
    const tasks: Array<() => Promise<Finding | null>> = [];
    const mountsSeen = new Set<string>();
    routes.forEach((route, index) => {
      const mount = route.path.split('/')[1] ?? '';
      const firstWriteOfMount = WRITE_METHODS.has(route.method) && !mountsSeen.has(mount);
      if (firstWriteOfMount) mountsSeen.add(mount);
      casesFor(route, index, firstWriteOfMount).forEach((fuzzCase, caseIndex) => tasks.push(() => send(`${route.method} ${route.path}`, fuzzCase, caseIndex % 2 === 1)));
    });
    STRAY_PATHS.forEach((stray) => tasks.push(() => send('stray', { label: stray, method: 'GET', path: stray }, false)));
    const findings = (await runPooled(tasks)).filter((finding): finding is Finding => finding !== null);
    expect(findings, `${tasks.length} requests`).toEqual([]);
  });
});
