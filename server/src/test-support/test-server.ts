import { afterAll, beforeAll } from 'vitest';
import { startByline, type BylineServer } from '../boot.js';
import { loadConfig, type AppConfig } from '../config.js';
import { createLogger } from '../logger.js';
import { signSessionToken } from '../modules/auth/index.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from './smtp-capture.js';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

export interface TestServer extends BylineServer {
  config: AppConfig;
  /** A session token for `userId`, as the server would issue it. */
  tokenFor(userId: number, masqueradingAdminId?: number | null): string;
}

/** A whole Byline server (HTTP, WebSocket, queue, pub/sub) on a free port over `databaseUrl`. */
export async function startTestServer(databaseUrl: string, overrides: Partial<AppConfig> = {}): Promise<TestServer> {
  const config: AppConfig = {
    ...loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATABASE_URL: databaseUrl, JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    clientDistDir: null,
    serverRenderEntry: null,
    // Tests of plans and upgrade prompts need plans enforced; those of a fresh install (no
    // billing, every plan open) say `paidPlans: 'open'`.
    paidPlans: 'enforced',
    ...overrides,
  };
  const server = await startByline(config, createLogger(config.logLevel));
  return {
    ...server,
    config,
    tokenFor: (userId, masqueradingAdminId = null) => signSessionToken({ userId, masqueradingAdminId }, config.jwtSecret),
  };
}

export interface GraphQLResponse<T = Record<string, unknown>> {
  status: number;
  body: { data?: T | null; errors?: Array<{ message: string; extensions?: Record<string, unknown>; path?: unknown[] }> };
}

/** POSTs a GraphQL operation the way the web client does. */
export async function graphql<T = Record<string, unknown>>(
  server: { url: string },
  query: string,
  options: { variables?: Record<string, unknown>; token?: string } = {},
): Promise<GraphQLResponse<T>> {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    body: JSON.stringify({ query, variables: options.variables }),
  });
  return { status: response.status, body: (await response.json()) as GraphQLResponse<T>['body'] };
}

/**
 * The usual set-up of a test file: its own database and a server over it, started before the
 * file's tests and stopped after. Read `env.server` / `env.database` inside tests.
 */
export function useTestServer(overrides: Partial<AppConfig> = {}): { server: TestServer; database: TestDatabase } {
  const env = {} as { server: TestServer; database: TestDatabase };
  beforeAll(async () => {
    env.database = await createTestDatabase();
    env.server = await startTestServer(env.database.url, overrides);
  });
  afterAll(async () => {
    await env.server?.stop();
    await env.database?.drop();
  });
  return env;
}

/** The mail a test server sent, read through the SMTP capture it was given. */
export interface TestMailbox {
  /** Every message received so far, oldest first. */
  readonly messages: CapturedMail[];
  waitForMail: SmtpCapture['waitForMail'];
}

/**
 * `useTestServer` whose mail goes to a local SMTP capture (started first, stopped after), for
 * tests that read the codes and links the server mails.
 */
export function useMailingTestServer(overrides: Partial<AppConfig> = {}): { env: { server: TestServer; database: TestDatabase }; mail: TestMailbox } {
  const mailbox = {} as { capture: SmtpCapture };
  const withMail: Partial<AppConfig> = { ...overrides };
  beforeAll(async () => {
    mailbox.capture = await startSmtpCapture();
    withMail.smtpUrl = mailbox.capture.url;
  });
  afterAll(() => mailbox.capture?.close());
  const env = useTestServer(withMail);
  const mail: TestMailbox = {
    get messages() {
      return mailbox.capture.messages;
    },
    waitForMail: (to, options) => mailbox.capture.waitForMail(to, options),
  };
  return { env, mail };
}
