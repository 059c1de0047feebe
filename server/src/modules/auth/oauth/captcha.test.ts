import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import * as MESSAGES from '../../../../../domain/messages.js';
import { useTestServer } from '../../../test-support/test-server.js';
import { isCaptchaPassed } from './captcha.js';

const SECRET = 'recaptcha-test-secret';

/** A local reCAPTCHA siteverify: the answer depends on the token, as Google's depends on the visitor. */
const ANSWERS: Record<string, Record<string, unknown>> = {
  person: { success: true, score: 0.9, action: 'signin' },
  borderline: { success: true, score: 0.5 },
  bot: { success: true, score: 0.1 },
  'v2-checkbox': { success: true },
  expired: { success: false, 'error-codes': ['timeout-or-duplicate'] },
};
const received: URLSearchParams[] = [];
const verifyServer = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    received.push(form);
    const answer = form.get('secret') === SECRET ? (ANSWERS[form.get('response') ?? ''] ?? { success: false }) : { success: false, 'error-codes': ['invalid-input-secret'] };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
});
await new Promise<void>((resolve) => verifyServer.listen(0, '127.0.0.1', resolve));
const verifyUrl = `http://127.0.0.1:${(verifyServer.address() as AddressInfo).port}/recaptcha/api/siteverify`;
afterAll(() => new Promise<void>((resolve) => verifyServer.close(() => resolve())));

// No Google or Twitter keys here: this server also shows that unconfigured providers are hidden.
const env = useTestServer({ recaptchaSecret: SECRET, recaptchaSiteKey: 'site-key', recaptchaVerifyUrl: verifyUrl, google: null, twitter: null, authAttemptsPerIp: 10_000 });

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: { success: boolean; message?: string; data?: unknown } }> {
  const response = await fetch(`${env.server.url}/api${path}`, {
    method,
    redirect: 'manual',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { success: boolean; message?: string; data?: unknown } };
}

describe('captcha check (POST /api/auth/google/captcha)', () => {
  it.each(['person', 'borderline', 'v2-checkbox'])('accepts a %s token', async (token) => {
    expect(await call('POST', '/auth/google/captcha', { token })).toEqual({ status: 200, body: { success: true, data: { success: true } } });
  });

  it.each(['bot', 'expired', 'made-up'])('refuses a %s token with the form message', async (token) => {
    expect(await call('POST', '/auth/google/captcha', { token })).toMatchObject({ status: 400, body: { success: false, message: MESSAGES.captchaFailed } });
  });

  it('sends the secret, the token and the visitor address to the verifier, and refuses a missing token without asking', async () => {
    received.length = 0;
    await call('POST', '/auth/google/captcha', { token: 'person' });
    expect(received).toHaveLength(1);
    expect(received[0]!.get('secret')).toBe(SECRET);
    expect(received[0]!.get('response')).toBe('person');
    expect(received[0]!.get('remoteip')).toMatch(/127\.0\.0\.1/);

    expect((await call('POST', '/auth/google/captcha', {})).status).toBe(400);
    expect(received).toHaveLength(1);
  });

  it('lets everything through when no secret is configured (development), without calling out', async () => {
    received.length = 0;
    const development = { ...env.server.config, recaptchaSecret: null };
    expect(await isCaptchaPassed(development, 'anything', '127.0.0.1')).toBe(true);
    expect(await isCaptchaPassed(development, undefined, undefined)).toBe(true);
    expect(received).toHaveLength(0);
  });
});

describe('sign-in providers without keys', () => {
  it('are reported as off and their calls answer 404 with a clear message', async () => {
    expect(await call('GET', '/auth/providers')).toMatchObject({ status: 200, body: { data: { google: false, twitter: false, captchaSiteKey: 'site-key' } } });
    for (const path of ['/auth/google', '/auth/google/callback?code=x&state=y']) {
      expect(await call('GET', path)).toMatchObject({ status: 404, body: { message: MESSAGES.googleNotConfigured } });
    }
    for (const path of ['/auth/google/tokens', '/auth/google/signin']) {
      expect(await call('POST', path, { code: 'x', idToken: 'y' })).toMatchObject({ status: 404, body: { message: MESSAGES.googleNotConfigured } });
    }
    for (const path of ['/auth/twitter?next=/', '/auth/twitter/callback?oauth_token=x']) {
      expect(await call('GET', path)).toMatchObject({ status: 404, body: { message: MESSAGES.twitterNotConfigured } });
    }
  });
});
