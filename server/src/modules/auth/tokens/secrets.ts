import { createHash, randomBytes, randomInt } from 'node:crypto';

/** An unguessable URL-safe secret (256 bits by default). */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A numeric code of `length` digits, uniformly random (what people type from an email). */
export function randomDigits(length: number): string {
  let code = '';
  for (let index = 0; index < length; index++) code += String(randomInt(10));
  return code;
}

/**
 * Secrets are stored as SHA-256 hashes. They are long random values (or short codes with a
 * try limit and a 10-minute life), so a fast hash is enough; passwords use argon2id instead.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
