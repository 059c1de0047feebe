import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../../config.js';
import type { Logger } from '../../logger.js';

/** A message as the product writes it: plain text plus a simple HTML version of the same words. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes when it is not the sender (a contact message: the visitor). */
  replyTo?: string;
  /**
   * Extra header fields: `List-Unsubscribe` and `List-Unsubscribe-Post` on every mail a person
   * may turn off (docs/product.md §Notification preferences); none on transactional mail.
   */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Resolves once the message is accepted by the SMTP server (or written to the outbox); rejects otherwise. */
  send(message: MailMessage): Promise<void>;
  /**
   * Whether mail can go out now, for /status (docs/product.md §Status): the SMTP server answers
   * (or the outbox folder is writable). Resolves with where mail goes; rejects with why it cannot.
   */
  verify(): Promise<'smtp' | 'outbox'>;
}

/** Long enough for a slow server, short enough that a sign-up form does not hang. */
const SMTP_TIMEOUT_MS = 15_000;

/**
 * Sends through `SMTP_URL` with nodemailer. Without it (a fresh machine), each message is
 * written to the log and, whole, to `DATA_DIR/outbox/` as an .eml file anyone can open.
 */
export function createMailer(config: Pick<AppConfig, 'env' | 'smtpUrl' | 'mailFrom' | 'dataDir'>, logger: Logger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
    return {
      async send(message) {
        await transport.sendMail({ from: config.mailFrom, ...message });
        logger.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
      async verify() {
        await transport.verify();
        return 'smtp';
      },
    };
  }

  const outbox = path.join(config.dataDir, 'outbox');
  // Mails carry live secrets (codes, sign-in and reset links). A development log may show them;
  // a production log is read by more people and kept longer than any of those secrets should be.
  const logText = config.env !== 'production';
  if (!logText) logger.warn({ outbox }, 'SMTP_URL is not set: mail is only written to the outbox folder, nobody receives it');
  // Builds the same MIME message SMTP would carry, just into a buffer.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const built = await composer.sendMail({ from: config.mailFrom, ...message });
      if (!Buffer.isBuffer(built.message)) throw new Error('the mail composer did not return a buffer');
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`);
      await writeFile(file, built.message);
      // Development has no mailbox: the log is where people read their code or link.
      logger.info({ to: message.to, subject: message.subject, file, ...(logText ? { text: message.text } : {}) }, 'mail written to outbox (SMTP_URL not set)');
    },
    async verify() {
      await mkdir(outbox, { recursive: true });
      await access(outbox, constants.W_OK);
      return 'outbox';
    },
  };
}
