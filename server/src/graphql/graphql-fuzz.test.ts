import {
  buildClientSchema,
  getIntrospectionQuery,
  getNamedType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isInterfaceType,
  type GraphQLInputField,
  type GraphQLInputObjectType,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { RoleFlag } from '../../../domain/enums.js';
import {
  HOSTILE_FRAGMENTS,
  HOSTILE_TEXTS,
  INVALID_JSON_BODIES,
  ODD_CONTENT_TYPES,
  OUT_OF_RANGE_IDS,
  OVERSIZED_BODY,
  encodedBodies,
  leaksInternals,
  runPooled,
} from '../http/hostile-inputs.test-support.js';
import { createPost, createTeam, createUser, creditUser } from '../test-support/factories.js';
import { useTestServer } from '../test-support/test-server.js';
import { toGlobalId } from './global-id.js';
import { argumentTargets, harmlessJson, holdsText, inputObjectVariants, nodeTypesNamedBy, type ArgumentTarget } from './graphql-operations.test-support.js';

/**
 * Every argument of every GraphQL field, found by introspection (a new field is covered without
 * touching this file), gets hostile values; so does the request itself. No answer may be a 5xx,
 * carry INTERNAL_SERVER_ERROR or show a stack trace. Text that fits an argument's type is sent
 * as an admin who belongs to a team and is credited on a post, so resolvers below the root run.
 */
// The hourly API budget too: spent, it answers in the resolvers' place (see `judge`).
const env = useTestServer({ rateLimitPerMinute: 1_000_000, graphqlPointsPerHour: 100_000_000 });

const TEXT_FRAGMENTS = HOSTILE_TEXTS.map((text) => JSON.stringify(text));
/** Integers that pass GraphQL's own Int check and so reach the resolver. */
const INT_EDGES = ['2147483647', '-2147483648', '0', '-1'];

let schema: GraphQLSchema;
let adminToken: string;
/** Every type an id can name (those implementing Node). */
let nodeTypeNames: string[];

beforeAll(async () => {
  const em = env.server.orm.em.fork();
  const admin = await createUser(em, { roleFlags: [RoleFlag.admin] });
  await createTeam(em, [{ user: admin, role: 'manager' }]);
  await creditUser(em, await createPost(em, { createdBy: admin }), admin);
  adminToken = env.server.tokenFor(admin.id);
  const introspection = await post(JSON.stringify({ query: getIntrospectionQuery() }));
  schema = buildClientSchema((JSON.parse(introspection.text) as { data: IntrospectionQuery }).data);
  const node = schema.getType('Node');
  nodeTypeNames = isInterfaceType(node) ? schema.getPossibleTypes(node).map((type) => type.name) : [];
});

async function post(body: string | Uint8Array, headers: Record<string, string> = {}): Promise<{ status: number | string; text: string }> {
  try {
    const response = await fetch(`${env.server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      signal: AbortSignal.timeout(15_000),
    });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    return { status: 'no answer', text: String(error) };
  }
}

interface Finding {
  label: string;
  status: number | string;
  body: string;
}

/**
 * A 5xx, a stack, an answer that is not JSON, an unexpected error or an error without a code is a
 * finding; so is the API budget's refusal, which would leave the rest of the run untested.
 */
function judge(label: string, answer: { status: number | string; text: string }): Finding | null {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(answer.text);
  } catch {
    // Node itself answers a few requests (431: headers too large) with an empty body.
    if (answer.text !== '') return { label, status: answer.status, body: `not JSON: ${answer.text.slice(0, 280)}` };
  }
  const errors = (parsed as { errors?: Array<{ extensions?: { code?: unknown; details?: { cost?: unknown } } }> } | null)?.errors ?? [];
  const badError = errors.some(
    (error) => typeof error.extensions?.code !== 'string' || error.extensions.code === 'INTERNAL_SERVER_ERROR' || (error.extensions.code === 'RATE_LIMITED' && error.extensions.details?.cost !== undefined),
  );
  const failed = typeof answer.status !== 'number' || answer.status >= 500 || leaksInternals(answer.text) || badError;
  return failed ? { label, status: answer.status, body: answer.text.slice(0, 300) } : null;
}

/** Values of the wrong type stop at GraphQL's own coercion, the same way for every argument: a few stand for all. */
const WRONG_TYPES = ['1e400', '{}', '[]', 'null', HOSTILE_FRAGMENTS.find((json) => json.startsWith('[[[')) ?? '[[[]]]'];
const WRONG_FOR_NUMBERS = ['"1"', '1.5', '9007199254740993', ...WRONG_TYPES];
/** For each field of an input object: the texts most likely to break a query (an empty id among them), and wrong types. */
const INPUT_FIELD_HOSTILES = [
  JSON.stringify('a\u0000b'),
  JSON.stringify('%E0%A4%A'),
  JSON.stringify('x'.repeat(90_000)),
  JSON.stringify('fuzz\uD800@example.com'),
  '""',
  JSON.stringify("' OR 1=1 --"),
  '{}',
  '1e400',
  'null',
];
/** When no type fits an id's name, ids of these types stand in. */
const FALLBACK_ID_TYPES = ['Post', 'User'];
/** Keyset cursors (`id:<n>`) naming rows past the range of an int key. */
const OUT_OF_RANGE_CURSORS = OUT_OF_RANGE_IDS.map((id) => JSON.stringify(Buffer.from(`id:${id}`).toString('base64url')));

/** Global ids, as JSON texts, numbered past the key column of each type `name` may name. */
function outOfRangeIds(name: string, context: string): string[] {
  const named = nodeTypesNamedBy(name, context, nodeTypeNames);
  return (named.length > 0 ? named : FALLBACK_ID_TYPES).flatMap((typeName) => OUT_OF_RANGE_IDS.map((id) => JSON.stringify(toGlobalId(typeName, id))));
}

function isIdType(type: GraphQLInputField['type']): boolean {
  return getNamedType(type).name === 'ID';
}

/** The hostile values of one input field: the common ones, and ids out of range where it takes an id. */
function inputFieldHostiles(field: GraphQLInputField, owner: GraphQLInputObjectType): string[] {
  return isIdType(field.type) ? [...INPUT_FIELD_HOSTILES, ...outOfRangeIds(field.name, owner.name)] : INPUT_FIELD_HOSTILES;
}

interface HostileValue {
  json: string;
  /** Sent as the admin, so it gets past permission checks and reaches the resolver. */
  asAdmin: boolean;
  note: string;
}

/**
 * Hostile values for one argument, as JSON texts, chosen by the argument's type. Values of the
 * wrong type are refused by GraphQL's coercion before any resolver runs, the same way for every
 * argument of one type, so they are sent once per argument type (`typesSentWrong`), not per argument:
 * the request count then grows with the resolvers' text and number arguments only.
 */
function hostileValues(target: ArgumentTarget, typesSentWrong: Set<string>): HostileValue[] {
  const type = target.argument.type;
  const named = getNamedType(type);
  const listOf = isListType(isNonNullType(type) ? type.ofType : type);
  const asElement = (json: string) => (listOf ? `[${json}]` : json);
  const values: HostileValue[] = [];
  if (isInputObjectType(named)) {
    for (const { field, json } of inputObjectVariants(named, inputFieldHostiles)) values.push({ json: asElement(json), asAdmin: true, note: `${field}: ${json.slice(0, 24)}` });
  } else if (holdsText(type)) {
    for (const json of TEXT_FRAGMENTS) values.push({ json: asElement(json), asAdmin: true, note: json.slice(0, 24) });
    const name = target.argument.name;
    if (isIdType(type)) for (const json of outOfRangeIds(name, `${target.label}:${target.fieldType}`)) values.push({ json: asElement(json), asAdmin: true, note: `id out of range ${json}` });
    if (name === 'after' || name === 'before') for (const json of OUT_OF_RANGE_CURSORS) values.push({ json, asAdmin: true, note: `cursor out of range ${json}` });
  } else if (['Int', 'SafeInt', 'Float'].includes(named.name)) {
    for (const json of INT_EDGES) values.push({ json: asElement(json), asAdmin: true, note: json });
  }
  if (!typesSentWrong.has(String(type))) {
    typesSentWrong.add(String(type));
    const wrong = holdsText(type) ? WRONG_TYPES : WRONG_FOR_NUMBERS;
    for (const json of wrong) values.push({ json, asAdmin: false, note: `wrong type ${json.slice(0, 16)}` });
  }
  if (listOf) values.push({ json: `[${Array.from({ length: 5_000 }, () => harmlessJson(named)).join(',')}]`, asAdmin: true, note: '5000 items' });
  return values;
}

/** The same operation with a NUL character written in the document instead of a variable. */
function withNulLiteral(target: ArgumentTarget): string | null {
  const named = getNamedType(target.argument.type);
  if (isInputObjectType(named) || !holdsText(target.argument.type) || isListType(isNonNullType(target.argument.type) ? target.argument.type.ofType : target.argument.type)) return null;
  return target.document.replace(/ Fuzz\(\$v: [^)]*\)/, ' Fuzz').replace(': $v', ': "a\\u0000b"');
}

describe('every GraphQL field argument under hostile input', () => {
  it('finds the arguments by introspection', () => {
    const labels = argumentTargets(schema).map((target) => target.label);
    expect(labels).toEqual(expect.arrayContaining(['Query.user(username:)', 'Query.search(text:)', 'Mutation.updateProfile(input:)']));
    // Nested fields too, reached through the graph.
    expect(labels.some((label) => !label.startsWith('Query.') && !label.startsWith('Mutation.'))).toBe(true);
  });

  it('reaches fields inside nested input objects, and guesses the type each id names', () => {
    const statsInput = schema.getType('StatsSeriesInput');
    expect(isInputObjectType(statsInput) && inputObjectVariants(statsInput, () => ['""']).map((variant) => variant.field)).toContain('subject.postId');
    expect(nodeTypesNamedBy('postId', '', nodeTypeNames)).toEqual(['Post']);
    expect(nodeTypesNamedBy('roleIds', '', nodeTypeNames)).toEqual(['CreditRole']);
    expect(nodeTypesNamedBy('managedAccountId', '', nodeTypeNames)).toEqual(['TeamManagedAccount']);
    expect(nodeTypesNamedBy('id', 'RevokePersonalAccessTokenInput', nodeTypeNames)).toEqual(['PersonalAccessToken']);
    expect(nodeTypesNamedBy('id', 'Query.post(id:):Post', nodeTypeNames)).toEqual(['Post']);
  });

  it('has no subscription arguments left out (subscriptions run over WebSocket, which this test does not fuzz)', () => {
    const subscriptionArguments = Object.values(schema.getSubscriptionType()?.getFields() ?? {}).flatMap((field) => field.args.map((arg) => `${field.name}(${arg.name}:)`));
    expect(subscriptionArguments).toEqual([]);
  });

  // Some thousand requests, growing with the schema: its own time budget, not the 30 s of a single test.
  it('answers every argument without a 5xx, an unexpected error or a stack trace', { timeout: 180_000 }, async () => {
    const tasks: Array<() => Promise<Finding | null>> = [];
    const typesSentWrong = new Set<string>();
    for (const target of argumentTargets(schema)) {
      for (const value of hostileValues(target, typesSentWrong)) {
        const body = `{"query": ${JSON.stringify(target.document)}, "variables": {"v": ${value.json}}}`;
        const headers: Record<string, string> = value.asAdmin ? { authorization: `Bearer ${adminToken}` } : {};
        tasks.push(async () => judge(`${target.label} = ${value.note}`, await post(body, headers)));
      }
      const literal = withNulLiteral(target);
      if (literal) tasks.push(async () => judge(`${target.label} NUL literal`, await post(JSON.stringify({ query: literal }), { authorization: `Bearer ${adminToken}` })));
    }
    const findings = (await runPooled(tasks)).filter((finding): finding is Finding => finding !== null);
    expect(findings, `${tasks.length} requests`).toEqual([]);
  });

  it('answers hostile requests without a 5xx or a stack trace', async () => {
    const viewer = JSON.stringify({ query: '{ viewer { id } }' });
    const cases: Array<{ label: string; body: string | Uint8Array; headers?: Record<string, string> }> = [
      ...INVALID_JSON_BODIES.map((body) => ({ label: `invalid JSON ${JSON.stringify(body)}`, body })),
      { label: 'oversized body', body: OVERSIZED_BODY },
      ...encodedBodies().map(({ encoding, body }) => ({ label: `content-encoding ${encoding}`, body, headers: { 'content-encoding': encoding } })),
      { label: 'valid gzip', body: gzipSync(viewer), headers: { 'content-encoding': 'gzip' } },
      ...ODD_CONTENT_TYPES.map((type) => ({ label: `content-type ${type}`, body: viewer, headers: { 'content-type': type } })),
      ...HOSTILE_FRAGMENTS.map((fragment) => ({ label: `query = ${fragment.slice(0, 24)}`, body: `{"query": ${fragment}}` })),
      ...HOSTILE_FRAGMENTS.map((fragment) => ({ label: `variables = ${fragment.slice(0, 24)}`, body: `{"query": "{ viewer { id } }", "variables": ${fragment}}` })),
      ...HOSTILE_FRAGMENTS.map((fragment) => ({ label: `operationName = ${fragment.slice(0, 24)}`, body: `{"query": "{ viewer { id } }", "operationName": ${fragment}}` })),
      ...HOSTILE_FRAGMENTS.map((fragment) => ({ label: `extensions = ${fragment.slice(0, 24)}`, body: `{"query": "{ viewer { id } }", "extensions": ${fragment}}` })),
      { label: 'batch', body: `[${viewer}, ${viewer}]` },
      { label: 'persisted query', body: '{"extensions": {"persistedQuery": {"version": 1, "sha256Hash": "00"}}}' },
      { label: 'NUL in the document', body: JSON.stringify({ query: '{ viewer\u0000 { id } }' }) },
      { label: 'deep selection', body: JSON.stringify({ query: `{ viewer ${'{ id '.repeat(2_000)}${'}'.repeat(2_000)} }` }) },
      { label: 'deep list literal', body: JSON.stringify({ query: `{ nodes(ids: ${'['.repeat(2_000)}${']'.repeat(2_000)}) { id } }` }) },
      { label: 'huge document', body: JSON.stringify({ query: `{ viewer { id } } # ${'x'.repeat(90_000)}` }) },
      { label: 'many operations', body: JSON.stringify({ query: Array.from({ length: 500 }, (_, i) => `query Q${i} { viewer { id } }`).join(' ') }) },
      { label: 'unknown directive', body: JSON.stringify({ query: '{ viewer @nope(x: "\\u0000") { id } }' }) },
    ];
    const findings = (await runPooled(cases.map((item) => async () => judge(item.label, await post(item.body, item.headers))))).filter(
      (finding): finding is Finding => finding !== null,
    );
    expect(findings).toEqual([]);
  });
});
