import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Stripe's scheme: `Byline-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`.
 * The timestamp is signed with the body, so a receiver can refuse old replays; `v1` names the
 * scheme, so a later one can be sent alongside while receivers move over.
 */
export const SIGNATURE_HEADER = 'Byline-Signature';

export function signatureHeader(secret: string, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, body)}`;
}

function hmacHex(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}

/**
 * What a receiver does (docs/api.md shows the same in a few lines): true when one v1 signature
 * matches and the timestamp is within `toleranceSeconds` of now.
 */
export function verifySignature(secret: string, body: string, header: string, toleranceSeconds = 300, now = Date.now()): boolean {
  const parts = header.split(',').map((part) => part.split('=') as [string, string?]);
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(hmacHex(secret, timestamp, body), 'hex');
  return parts
    .filter(([key]) => key === 'v1')
    .some(([, value]) => {
      const given = Buffer.from(value ?? '', 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}
