import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, type Logger } from '../../logger.js';
import { parseMime, startSmtpCapture, type SmtpCapture } from '../../test-support/smtp-capture.js';
import { createMailer } from './mailer.js';
import { magicLinkMail, passwordResetMail, verificationCodeMail } from './templates.js';

const logger = createLogger('silent');
const mailFrom = 'Byline <no-reply@byline.test>';
let dataDir: string;
let capture: SmtpCapture;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'byline-mail-'));
  capture = await startSmtpCapture();
});

afterAll(async () => {
  await capture?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('mailer', () => {
  it('sends through SMTP_URL with the configured sender', async () => {
    await createMailer({ env: 'test', smtpUrl: capture.url, mailFrom, dataDir }, logger).send({ to: 'reader@example.test', ...verificationCodeMail('428913') });
    const mail = await capture.waitForMail('reader@example.test');
    expect(mail.from).toBe('no-reply@byline.test');
    expect(mail.subject).toBe('Your Byline code: 428913');
    expect(mail.text).toContain('Your Byline verification code is 428913');
    expect(mail.html).toContain('428913</strong>');
  });

  it('without SMTP_URL writes each message to DATA_DIR/outbox as an .eml file', async () => {
    const mailer = createMailer({ env: 'test', smtpUrl: null, mailFrom, dataDir }, logger);
    await mailer.send({ to: 'first@example.test', ...magicLinkMail('https://byline.example/signin?magic=abc') });
    await mailer.send({ to: 'second@example.test', ...passwordResetMail('https://byline.example/reset-password?token=def') });
    const files = (await readdir(path.join(dataDir, 'outbox'))).sort();
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
    const messages = await Promise.all(files.map(async (file) => parseMime(await readFile(path.join(dataDir, 'outbox', file), 'utf8'))));
    const reset = messages.find((message) => message.headers.to === 'second@example.test');
    expect(reset?.headers.from).toBe(mailFrom);
    expect(reset?.text).toContain('Choose a new password: https://byline.example/reset-password?token=def');
    expect(reset?.html).toContain('href="https://byline.example/reset-password?token=def"');
  });

  it('logs the words of an outbox mail (its code or link) in development only, never in production', async () => {
    const logged: Array<Record<string, unknown>> = [];
    const recorder = { info: (fields: Record<string, unknown>) => logged.push(fields), warn: (fields: Record<string, unknown>) => logged.push(fields) } as unknown as Logger;
    const link = 'https://byline.example/reset-password?token=secret-reset-token';
    await createMailer({ env: 'development', smtpUrl: null, mailFrom, dataDir }, recorder).send({ to: 'dev@example.test', ...passwordResetMail(link) });
    expect(JSON.stringify(logged)).toContain(link);

    logged.length = 0;
    await createMailer({ env: 'production', smtpUrl: null, mailFrom, dataDir }, recorder).send({ to: 'prod@example.test', ...passwordResetMail(link) });
    expect(logged.length).toBeGreaterThan(0);
    expect(JSON.stringify(logged)).not.toContain('secret-reset-token');
  });

  it('rejects when the SMTP server cannot be reached', async () => {
    const mailer = createMailer({ env: 'test', smtpUrl: 'smtp://127.0.0.1:1', mailFrom, dataDir }, logger);
    await expect(mailer.send({ to: 'x@example.test', ...verificationCodeMail('111111') })).rejects.toThrow();
  });
});

describe('templates', () => {
  it('say the same in text and HTML, with links escaped in the HTML', () => {
    const url = 'https://byline.example/signin?magic=a&b="c"';
    const mail = magicLinkMail(url);
    expect(mail.text).toContain(url);
    expect(mail.text).toContain('expires in 15 minutes');
    expect(mail.html).toContain('https://byline.example/signin?magic=a&#38;b=&#34;c&#34;');
    expect(mail.html).not.toContain(url);
    expect(passwordResetMail(url).text).toContain('expires in 1 hour');
    expect(verificationCodeMail('123456').text).toContain('expires in 10 minutes');
  });
});
