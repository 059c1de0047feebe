import { afterAll, describe, expect, it } from 'vitest';
import * as MESSAGES from '../../../../../domain/messages.js';
import { uniqueSuffix } from '../../../test-support/factories.js';
import { startTestServer, useTestServer, type TestServer } from '../../../test-support/test-server.js';
import { callApi } from '../email/email-auth.test-support.js';

// No TRUST_PROXY: the default a deployment gets.
const env = useTestServer({ authAttemptsPerIp: 3 });
const started: TestServer[] = [];
afterAll(async () => {
  for (const server of started) await server.stop();
});

const check = (server: TestServer, forwardedFor: string) => callApi(server, 'GET', `/auth/email/check?email=x.${uniqueSuffix()}@example.test`, { ip: forwardedFor });

describe('client addresses behind proxies', () => {
  it('ignores X-Forwarded-For by default: a caller cannot pick a fresh address for every call', async () => {
    for (let call = 1; call <= 3; call++) expect((await check(env.server, `203.0.113.${call}`)).status).toBe(200);
    expect((await check(env.server, '203.0.113.4')).body).toEqual({ success: false, code: 'RATE_LIMITED', message: MESSAGES.tooManyAttempts });
  });

  it('reads the client address from X-Forwarded-For only when the hop in front is a proxy TRUST_PROXY names', async () => {
    const behindProxy = await startTestServer(env.database.url, { authAttemptsPerIp: 3, trustProxy: ['127.0.0.1', '::1'] });
    started.push(behindProxy);
    for (let call = 0; call < 3; call++) expect((await check(behindProxy, '198.51.100.7')).status).toBe(200);
    expect((await check(behindProxy, '198.51.100.7')).status).toBe(429);
    // Another client behind the same proxy has its own allowance.
    expect((await check(behindProxy, '198.51.100.8')).status).toBe(200);
  });
});
