import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import * as MESSAGES from '../../../../../domain/messages.js';
import { freePort } from '../../../test-support/free-port.js';
import { googleTestConfig, startGoogleOAuthServer } from '../../../test-support/google-oauth-server.js';
import { TestBrowser } from '../../../test-support/test-browser.js';
import { useTestServer } from '../../../test-support/test-server.js';

/**
 * A provider having a bad day: it drops every connection ('unreachable'), its load balancer
 * answers 503 ('down'), or it says so in OAuth's own words ('overloaded'). The sign-in page of
 * the local Google still works, so the web flow gets as far as the code.
 */
type Trouble = 'unreachable' | 'down' | 'overloaded';
let trouble: Trouble = 'unreachable';
const troubled = createServer((req, res) => {
  if (trouble === 'unreachable') req.socket.destroy();
  else if (trouble === 'down') res.writeHead(503, { 'content-type': 'text/html' }).end('<html><body>503 Service Unavailable</body></html>');
  else res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"temporarily_unavailable","error_description":"Try again later"}');
});
await new Promise<void>((resolve) => troubled.listen(0, '127.0.0.1', resolve));
const troubledUrl = `http://127.0.0.1:${(troubled.address() as AddressInfo).port}`;

const google = await startGoogleOAuthServer();
const port = await freePort();
const env = useTestServer({
  port,
  publicUrl: `http://localhost:${port}`,
  authAttemptsPerIp: 10_000,
  google: { ...googleTestConfig(google).google!, tokenUrl: `${troubledUrl}/token`, jwksUrl: `${troubledUrl}/oauth2/v3/certs` },
  recaptchaSecret: 'recaptcha-secret',
  recaptchaSiteKey: 'site-key',
  recaptchaVerifyUrl: `${troubledUrl}/recaptcha/api/siteverify`,
});
afterAll(async () => {
  await google.stop();
  await new Promise<void>((resolve) => troubled.close(() => resolve()));
});

async function post(path: string, body: Record<string, unknown>) {
  const response = await fetch(`${env.server.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const timeout = { status: 504, body: { success: false, code: 'TIMEOUT', message: MESSAGES.timeout, details: expect.any(Object) as unknown } };

describe.each(['unreachable', 'down', 'overloaded'] as const)('when Google and reCAPTCHA are %s', (state) => {
  it('the captcha check answers 504 with the spec Timeout message', async () => {
    trouble = state;
    expect(MESSAGES.timeout).toContain('Timeout accessing the product. Try again later.');
    expect(await post('/auth/google/captcha', { token: 'person' })).toEqual(timeout);
  });

  it('mobile Google sign-in answers 504, with a code and with an ID token (Google keys out of reach)', async () => {
    trouble = state;
    expect(await post('/auth/google/tokens', { code: google.issueCode() })).toEqual(timeout);
    expect(await post('/auth/google/signin', { idToken: await google.buildIdToken() })).toEqual(timeout);
  });

  it('the web flow comes back to the sign-in page with the Timeout message', async () => {
    trouble = state;
    const { url } = await new TestBrowser().follow(`${env.server.url}/api/auth/google`, {
      stopAt: (next) => next.origin === env.server.url && !next.pathname.startsWith('/api/'),
    });
    expect(url.pathname).toBe('/signin');
    expect(url.searchParams.get('error')).toBe(MESSAGES.timeout);
  });
});
