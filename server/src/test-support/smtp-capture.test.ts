import nodemailer, { type Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeEncodedWords, startSmtpCapture, type SmtpCapture } from './smtp-capture.js';

let capture: SmtpCapture;
let transport: Transporter;

beforeAll(async () => {
  capture = await startSmtpCapture();
  transport = nodemailer.createTransport(capture.url);
});

afterAll(async () => {
  transport?.close();
  await capture?.close();
});

describe('SMTP capture', () => {
  it('decodes what nodemailer writes: quoted-printable text and html, encoded subject, long lines', async () => {
    const longLine = `Bonjour Zoë — ${'long words '.repeat(20)}end`;
    await transport.sendMail({
      from: 'Byline <no-reply@byline.test>',
      to: 'Reader@Example.test',
      subject: 'Ton code: 123456 ✓',
      text: `${longLine}\nCode = 123456`,
      html: `<p>${longLine}</p><p>Code <b>123456</b></p>`,
    });
    const mail = await capture.waitForMail('reader@example.test');
    expect(mail.to).toEqual(['reader@example.test']);
    expect(mail.from).toBe('no-reply@byline.test');
    expect(mail.subject).toBe('Ton code: 123456 ✓');
    expect(mail.text).toBe(`${longLine}\nCode = 123456`);
    expect(mail.html).toBe(`<p>${longLine}</p><p>Code <b>123456</b></p>`);
    expect(mail.headers['content-type']).toMatch(/^multipart\/alternative/);
  });

  it('decodes base64 parts', async () => {
    await transport.sendMail({ from: 'a@byline.test', to: 'b64@example.test', subject: 'Base', text: 'Grüße 👋', html: '<i>Grüße</i>', textEncoding: 'base64' });
    const mail = await capture.waitForMail('b64@example.test');
    expect([mail.text, mail.html]).toEqual(['Grüße 👋', '<i>Grüße</i>']);
  });

  it('waits for a mail not yet sent, hands each mail out once, and filters by subject', async () => {
    const pending = capture.waitForMail('later@example.test', { subject: /second/ });
    await transport.sendMail({ from: 'a@byline.test', to: 'later@example.test', subject: 'first', text: 'one' });
    await transport.sendMail({ from: 'a@byline.test', to: 'later@example.test', subject: 'second', text: 'two' });
    expect((await pending).text).toBe('two');
    expect((await capture.waitForMail('later@example.test')).text).toBe('one');
    await expect(capture.waitForMail('later@example.test', { timeoutMs: 200 })).rejects.toThrow(/No mail to later@example.test/);
  });

  it('decodes RFC 2047 words of both kinds', () => {
    expect(decodeEncodedWords('=?UTF-8?Q?Caf=C3=A9_au?= =?UTF-8?B?bGFpdA==?=')).toBe('Café aulait');
    expect(decodeEncodedWords('plain subject')).toBe('plain subject');
  });
});
