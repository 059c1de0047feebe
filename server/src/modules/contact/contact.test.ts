import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES_PER_HOUR } from '../../../../domain/contact.js';
import * as MESSAGES from '../../../../domain/messages.js';
import { startTestServer, useMailingTestServer } from '../../test-support/test-server.js';
import { callApi } from '../auth/index.js';

const OPERATOR = 'operator@byline.test';
const SECRET = 'contact-captcha-secret';

/** A local reCAPTCHA siteverify: 'person' passes, anything else fails. */
const verifyServer = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const passed = form.get('secret') === SECRET && form.get('response') === 'person';
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(passed ? { success: true, score: 0.9 } : { success: false }));
  });
});
await new Promise<void>((resolve) => verifyServer.listen(0, '127.0.0.1', resolve));
const verifyUrl = `http://127.0.0.1:${(verifyServer.address() as AddressInfo).port}/siteverify`;
afterAll(() => new Promise<void>((resolve) => verifyServer.close(() => resolve())));

const { env, mail } = useMailingTestServer({ contactEmail: OPERATOR, recaptchaSecret: SECRET, recaptchaSiteKey: 'site-key', recaptchaVerifyUrl: verifyUrl, trustProxy: ['loopback'] });

const form = { name: 'Ada Lovelace', email: 'Ada@Example.test', subject: 'Book a Demo', message: 'We are a studio of twelve.\nCould we see Byline for our team?', captcha: 'person' };

describe('POST /api/contact (docs/product.md §Contact)', () => {
  it('is open to signed-out visitors, mails the operator through the queue with the visitor to reply to, and confirms', async () => {
    expect(await callApi(env.server, 'GET', '/contact')).toMatchObject({ status: 200, body: { data: { open: true } } });
    const sent = await callApi(env.server, 'POST', '/contact', { body: form, ip: '203.0.113.1' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toEqual({ email: 'Ada@Example.test', message: "Message sent. We'll reply to Ada@Example.test." });

    const received = await mail.waitForMail(OPERATOR, { subject: /Book a Demo/ });
    expect(received.subject).toBe('Contact: Book a Demo');
    // nodemailer writes the domain in lower case.
    expect(received.headers['reply-to']?.toLowerCase()).toContain('ada@example.test');
    expect(received.text).toContain('Ada Lovelace <Ada@Example.test> wrote through the contact form:');
    expect(received.text).toContain('Could we see Byline for our team?');
  });

  it('names the field that is wrong, and sends nothing', async () => {
    const before = mail.messages.length;
    const missing = await callApi(env.server, 'POST', '/contact', { body: { ...form, message: '   ' }, ip: '203.0.113.2' });
    expect(missing).toMatchObject({ status: 400, body: { message: 'Please write your message.', details: { field: 'message' } } });
    const badEmail = await callApi(env.server, 'POST', '/contact', { body: { ...form, email: 'ada-at-example' }, ip: '203.0.113.2' });
    expect(badEmail).toMatchObject({ status: 400, body: { message: MESSAGES.invalidEmailAddress, details: { field: 'email' } } });
    expect(mail.messages.length).toBe(before);
  });

  it('needs a passed captcha', async () => {
    const refused = await callApi(env.server, 'POST', '/contact', { body: { ...form, captcha: 'bot' }, ip: '203.0.113.3' });
    expect(refused).toMatchObject({ status: 400, body: { message: MESSAGES.captchaFailed } });
    const missing = await callApi(env.server, 'POST', '/contact', { body: { ...form, captcha: undefined }, ip: '203.0.113.3' });
    expect(missing).toMatchObject({ status: 400, body: { message: MESSAGES.captchaFailed } });
  });

  it(`takes at most ${CONTACT_MESSAGES_PER_HOUR} messages an hour from one address`, async () => {
    for (let sent = 0; sent < CONTACT_MESSAGES_PER_HOUR; sent += 1) {
      expect((await callApi(env.server, 'POST', '/contact', { body: { ...form, subject: `Hello ${sent}` }, ip: '203.0.113.4' })).status).toBe(200);
    }
    const refused = await callApi(env.server, 'POST', '/contact', { body: form, ip: '203.0.113.4' });
    expect(refused).toMatchObject({ status: 429, body: { message: MESSAGES.tooManyAttempts } });
    // Someone else is not held back.
    expect((await callApi(env.server, 'POST', '/contact', { body: form, ip: '203.0.113.5' })).status).toBe(200);
  });

  it('says the form is closed when CONTACT_EMAIL is not set', async () => {
    const closed = await startTestServer(env.database.url, { contactEmail: null });
    try {
      expect(await callApi(closed, 'GET', '/contact')).toMatchObject({ status: 200, body: { data: { open: false } } });
      expect(await callApi(closed, 'POST', '/contact', { body: form })).toMatchObject({ status: 422, body: { message: MESSAGES.contactClosed } });
    } finally {
      await closed.stop();
    }
  });
});
