import { describe, expect, it } from 'vitest';
import * as MESSAGES from '../../../../domain/messages.js';
import { createSession, createUser } from '../../test-support/factories.js';
import { queryRows } from '../../test-support/sql.js';
import { useTestServer } from '../../test-support/test-server.js';

// Six points an hour: one mutation (5) and one query (1) spend it all.
const env = useTestServer({ graphqlPointsPerHour: 6 });

const RATE_LIMIT = '{ rateLimit { cost limit used remaining resetAt } }';
const CREATE_TOKEN = `mutation ($input: CreatePersonalAccessTokenInput!) { createPersonalAccessToken(input: $input) { __typename } }`;

interface Answer {
  status: number;
  headers: Headers;
  body: { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
}

async function post(query: string, options: { token?: string; variables?: Record<string, unknown> } = {}): Promise<Answer> {
  const response = await fetch(`${env.server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    body: JSON.stringify({ query, variables: options.variables }),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Answer['body'] };
}

function budgetHeaders(answer: Answer) {
  return {
    limit: answer.headers.get('x-ratelimit-limit'),
    remaining: answer.headers.get('x-ratelimit-remaining'),
    used: answer.headers.get('x-ratelimit-used'),
  };
}

async function signedIn(): Promise<{ userId: number; token: string }> {
  const em = env.server.orm.em.fork();
  const user = await createUser(em);
  const { accessToken } = await createSession(em, env.server.config, user.id);
  return { userId: user.id, token: accessToken };
}

const tokensOf = async (userId: number) =>
  (await queryRows<{ count: string }>(env.server.databaseUrl, 'select count(*) from personal_access_tokens where user_id = $1', [userId]))[0]!.count;

describe('GraphQL cost rate limit', () => {
  it('reports the budget in X-RateLimit-* headers and in Query.rateLimit, at no extra cost', async () => {
    const { token } = await signedIn();
    const before = Date.now();
    const answer = await post(RATE_LIMIT, { token });

    expect(answer.status).toBe(200);
    expect(budgetHeaders(answer)).toEqual({ limit: '6', remaining: '5', used: '1' });
    const reset = Number(answer.headers.get('x-ratelimit-reset'));
    expect(reset * 1000).toBeGreaterThan(before + 59 * 60 * 1000);
    expect(reset * 1000).toBeLessThanOrEqual(Date.now() + 60 * 60 * 1000 + 1000);
    const rateLimit = answer.body.data?.rateLimit as Record<string, unknown>;
    expect(rateLimit).toMatchObject({ cost: 1, limit: 6, used: 1, remaining: 5 });
    expect(Math.ceil(new Date(String(rateLimit.resetAt)).getTime() / 1000)).toBe(reset);
  });

  it('refuses an operation over budget with 429 and the headers, without running it', async () => {
    const { userId, token } = await signedIn();
    const create = () => post(CREATE_TOKEN, { token, variables: { input: { name: 'CI', expiresInDays: null } } });

    const first = await create();
    expect(first.status).toBe(200);
    expect(first.body.errors).toBeUndefined();
    expect(budgetHeaders(first)).toEqual({ limit: '6', remaining: '1', used: '5' });

    const refused = await create();
    expect(refused.status).toBe(429);
    expect(refused.body.data).toBeUndefined();
    expect(refused.body.errors).toEqual([
      {
        message: MESSAGES.apiBudgetSpent,
        extensions: { code: 'RATE_LIMITED', status: 429, details: expect.objectContaining({ cost: 5, limit: 6, remaining: 1 }) as unknown },
      },
    ]);
    expect(budgetHeaders(refused)).toEqual({ limit: '6', remaining: '1', used: '5' });
    expect(refused.headers.get('x-ratelimit-reset')).toBe(first.headers.get('x-ratelimit-reset'));
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(await tokensOf(userId)).toBe('1');

    // What is left still buys a cheaper operation.
    expect((await post(RATE_LIMIT, { token })).status).toBe(200);
    expect((await post(RATE_LIMIT, { token })).status).toBe(429);
  });

  it('keeps one budget per user, and one per personal access token apart from its owner', async () => {
    const spender = await signedIn();
    const other = await signedIn();
    const created = await post(`mutation ($input: CreatePersonalAccessTokenInput!) { createPersonalAccessToken(input: $input) { secret } }`, {
      token: spender.token,
      variables: { input: { name: 'integration', expiresInDays: null } },
    });
    const pat = (created.body.data?.createPersonalAccessToken as { secret: string }).secret;
    expect((await post(RATE_LIMIT, { token: spender.token })).status).toBe(200);
    expect((await post(RATE_LIMIT, { token: spender.token })).status).toBe(429);

    expect(budgetHeaders(await post(RATE_LIMIT, { token: other.token }))).toEqual({ limit: '6', remaining: '5', used: '1' });
    expect(budgetHeaders(await post(RATE_LIMIT, { token: pat }))).toEqual({ limit: '6', remaining: '5', used: '1' });
  });

  it('counts callers nobody signed in by client address', async () => {
    // Every anonymous test request comes from 127.0.0.1: one budget for all of them.
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await post('{ __typename }'));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200, 429]);
    expect(budgetHeaders(answers[6]!)).toEqual({ limit: '6', remaining: '0', used: '6' });
  });
});
