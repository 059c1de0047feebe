import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

/** One message as the server under test sent it, decoded enough for a test to read. */
export interface CapturedMail {
  /** Envelope recipients, lower-cased. */
  to: string[];
  /** Envelope sender. */
  from: string;
  subject: string;
  /** The text/plain part ('' when none). */
  text: string;
  /** The text/html part ('' when none). */
  html: string;
  /** Header fields of the message, names lower-cased, folded lines joined. */
  headers: Record<string, string>;
  raw: string;
}

export interface SmtpCapture {
  /** `smtp://127.0.0.1:<port>`: give it to the server as `smtpUrl`. */
  url: string;
  /** Every message received so far, oldest first. */
  messages: CapturedMail[];
  /**
   * The oldest message to `to` that no earlier call has returned (optionally with a subject
   * matching `subject`); waits for it to arrive when there is none yet.
   */
  waitForMail(to: string, options?: { subject?: RegExp; timeoutMs?: number }): Promise<CapturedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port that keeps what it is sent, so tests exercise the
 * server's actual nodemailer transport. Plain SMTP only (no TLS, no STARTTLS), any or no login.
 */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const consumed = new Set<CapturedMail>();
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    secure: false,
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = parseMime(raw);
        const envelopeFrom = session.envelope.mailFrom;
        messages.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          from: envelopeFrom ? envelopeFrom.address : '',
          subject: decodeEncodedWords(parsed.headers.subject ?? ''),
          text: parsed.text,
          html: parsed.html,
          headers: parsed.headers,
          raw,
        });
        for (const wake of [...waiters]) wake();
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  function takeMatching(to: string, subject: RegExp | undefined): CapturedMail | null {
    const address = to.toLowerCase();
    const found = messages.find((mail) => !consumed.has(mail) && mail.to.includes(address) && (!subject || subject.test(mail.subject)));
    if (found) consumed.add(found);
    return found ?? null;
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail(to, options = {}) {
      const ready = takeMatching(to, options.subject);
      if (ready) return Promise.resolve(ready);
      return new Promise<CapturedMail>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          const seen = messages.map((mail) => `${mail.to.join(',')}: ${mail.subject}`).join('; ') || 'none';
          reject(new Error(`No mail to ${to} within ${options.timeoutMs ?? 10_000} ms (received: ${seen})`));
        }, options.timeoutMs ?? 10_000);
        function check(): void {
          const mail = takeMatching(to, options.subject);
          if (!mail) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mail);
        }
        waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface MimeEntity {
  headers: Record<string, string>;
  text: string;
  html: string;
}

/**
 * Reads what nodemailer writes: header fields (folded lines), nested multipart bodies, and
 * quoted-printable, base64 or 7/8-bit parts. Not a general MIME parser: attachments are skipped.
 */
export function parseMime(raw: string): MimeEntity {
  const source = raw.replace(/\r\n/g, '\n');
  const split = source.indexOf('\n\n');
  const headerBlock = split === -1 ? source : source.slice(0, split);
  const body = split === -1 ? '' : source.slice(split + 2);
  const headers = parseHeaders(headerBlock);
  const { type, params } = parseContentType(headers['content-type'] ?? 'text/plain');
  const entity: MimeEntity = { headers, text: '', html: '' };

  if (type.startsWith('multipart/') && params.boundary) {
    for (const part of multipartParts(body, params.boundary)) {
      const child = parseMime(part);
      entity.text ||= child.text;
      entity.html ||= child.html;
    }
    return entity;
  }
  if (/^attachment/i.test(headers['content-disposition'] ?? '')) return entity;
  const decoded = decodeBody(body, headers['content-transfer-encoding'] ?? '7bit', params.charset ?? 'utf-8');
  if (type === 'text/plain') entity.text = decoded;
  if (type === 'text/html') entity.html = decoded;
  return entity;
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const unfolded = block.replace(/\n[ \t]+/g, ' ');
  for (const line of unfolded.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers[name] ??= line.slice(colon + 1).trim();
  }
  return headers;
}

function parseContentType(value: string): { type: string; params: Record<string, string> } {
  const [type = '', ...rest] = value.split(';');
  const params: Record<string, string> = {};
  for (const param of rest) {
    const equals = param.indexOf('=');
    if (equals === -1) continue;
    params[param.slice(0, equals).trim().toLowerCase()] = param.slice(equals + 1).trim().replace(/^"(.*)"$/, '$1');
  }
  return { type: type.trim().toLowerCase(), params };
}

/** The parts between `--boundary` lines, up to the closing `--boundary--`. */
function multipartParts(body: string, boundary: string): string[] {
  const parts: string[] = [];
  let current: string[] | null = null;
  for (const line of body.split('\n')) {
    if (line === `--${boundary}--`) break;
    if (line === `--${boundary}`) {
      if (current) parts.push(current.join('\n'));
      current = [];
    } else if (current) {
      current.push(line);
    }
  }
  if (current) parts.push(current.join('\n'));
  return parts;
}

function decodeBody(body: string, transferEncoding: string, charset: string): string {
  const encoding = transferEncoding.trim().toLowerCase();
  if (encoding === 'base64') return decodeCharset(Buffer.from(body.replace(/\s+/g, ''), 'base64'), charset);
  if (encoding === 'quoted-printable') return decodeCharset(quotedPrintableBytes(body.replace(/=\n/g, '')), charset);
  return body.replace(/\n$/, '');
}

/** `=XX` is one byte; everything else stands for itself (non-ASCII as its UTF-8 bytes). */
function quotedPrintableBytes(text: string): Buffer {
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const hex = text.slice(index + 1, index + 3);
    if (text[index] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(text[index] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeCharset(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

/** RFC 2047 words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`); the space between two adjacent words is dropped. */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_word, charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? decodeCharset(Buffer.from(text, 'base64'), charset)
        : decodeCharset(quotedPrintableBytes(text.replace(/_/g, ' ')), charset),
    );
}
