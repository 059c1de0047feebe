import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Webhook signing secrets, at rest.
 *
 * Unlike tokens they cannot be stored hashed: the server needs the secret itself to sign every
 * delivery. They are encrypted with AES-256-GCM under a key derived from JWT_SECRET (HKDF with
 * its own label, so the key is used for nothing else): a copy of the database alone does not
 * give them away. The trade-off, chosen knowingly: changing JWT_SECRET makes every stored
 * secret unreadable; deliveries then fail with a log entry that says so, and the owner rotates
 * the secret (rotateWebhookSecret) to go on. No separate key to manage was worth that.
 */
const PREFIX = 'whsec_';
const FORMAT = 'v1';

/** A new secret as the owner sees it once: recognisable prefix, 256 random bits. */
export function newWebhookSecret(): string {
  return PREFIX + randomBytes(32).toString('base64url');
}

export function secretHint(secret: string): string {
  return secret.slice(-4);
}

function keyFrom(jwtSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'byline', 'webhook signing secrets v1', 32));
}

export function encryptWebhookSecret(secret: string, jwtSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(jwtSecret), iv);
  const encrypted = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [FORMAT, iv.toString('base64url'), encrypted.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

/** Thrown when the stored secret cannot be read with the current JWT_SECRET (it changed). */
export class UnreadableWebhookSecret extends Error {
  constructor() {
    super('The signing secret cannot be read (JWT_SECRET changed?): rotate the webhook secret');
    this.name = 'UnreadableWebhookSecret';
  }
}

export function decryptWebhookSecret(stored: string, jwtSecret: string): string {
  const [format, iv, encrypted, tag] = stored.split('.');
  if (format !== FORMAT || !iv || !encrypted || !tag) throw new UnreadableWebhookSecret();
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(jwtSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new UnreadableWebhookSecret();
  }
}
