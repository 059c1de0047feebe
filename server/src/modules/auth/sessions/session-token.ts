import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { SESSION_COOKIE } from '../../../http/session-cookie-names.js';

const AUDIENCE = 'byline';
const ISSUER = 'byline';
/** Short-lived on purpose: a stolen token stops working soon; the refresh token renews it. */
export const SESSION_TOKEN_TTL_SECONDS = 15 * 60;

export interface SessionClaims {
  userId: number;
  /** Set while an admin acts as `userId` (docs/product.md §Masquerading). */
  masqueradingAdminId: number | null;
  /** The revocable session (`auth_sessions`) the token was issued for. */
  sessionId?: number | null;
}

interface TokenPayload {
  sub: string;
  mqa?: number;
  sid?: number;
}

// jsonwebtoken turns a string secret into a key on every call, first trying it as a PEM public
// key, which throws (an exception with its stack, on every signed-in request); a key made once
// per secret skips both. The secrets are the configured ones: a handful at most per process.
const secretKeys = new Map<string, KeyObject>();

function secretKeyOf(secret: string): KeyObject {
  let key = secretKeys.get(secret);
  if (!key) secretKeys.set(secret, (key = createSecretKey(Buffer.from(secret))));
  return key;
}

export function signSessionToken(claims: SessionClaims, secret: string, ttlSeconds = SESSION_TOKEN_TTL_SECONDS): string {
  const payload: TokenPayload = { sub: String(claims.userId) };
  if (claims.masqueradingAdminId !== null) payload.mqa = claims.masqueradingAdminId;
  if (claims.sessionId) payload.sid = claims.sessionId;
  return jwt.sign(payload, secretKeyOf(secret), { algorithm: 'HS256', audience: AUDIENCE, issuer: ISSUER, expiresIn: ttlSeconds });
}

/** The claims of a valid token, or null for anything expired, forged, or of another algorithm. */
export function verifySessionToken(token: string, secret: string): SessionClaims | null {
  try {
    const decoded = jwt.verify(token, secretKeyOf(secret), { algorithms: ['HS256'], audience: AUDIENCE, issuer: ISSUER });
    if (typeof decoded !== 'object' || decoded === null) return null;
    const userId = Number(decoded.sub);
    if (!Number.isSafeInteger(userId) || userId <= 0) return null;
    const { mqa, sid } = decoded as TokenPayload;
    return { userId, masqueradingAdminId: typeof mqa === 'number' ? mqa : null, sessionId: typeof sid === 'number' ? sid : null };
  } catch {
    return null;
  }
}

/** The bearer token of a request: `Authorization: Bearer …` (mobile, integrators) or the session cookie (web). */
export function tokenFromRequestParts(authorization: string | undefined, cookies: Record<string, string | undefined>): string | null {
  const match = authorization?.match(/^Bearer\s+(\S+)$/i);
  if (match?.[1]) return match[1];
  return cookies[SESSION_COOKIE] ?? null;
}
