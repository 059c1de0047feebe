import jwt from 'jsonwebtoken';
import { createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { GoogleConfig } from '../../config.js';
import type { ExternalIdentity } from './external-identity.service.js';

/** Thrown for any ID token we will not accept; the route answers 401 without the details. */
export class GoogleTokenRejected extends Error {
  constructor(reason: string) {
    super(`Google ID token rejected: ${reason}`);
    this.name = 'GoogleTokenRejected';
  }
}

/**
 * Google rotates its signing keys every few days and publishes them ahead of use, so a key
 * fetched a few minutes ago is still good. Keys are public: caching them per process is safe.
 */
const KEY_CACHE_MS = 5 * 60 * 1000;
const FETCH_TIMEOUT_MS = 10_000;
const keyCache = new Map<string, { key: KeyObject; expiresAt: number }>();
/** Made-up key ids must not turn each request into a fetch from Google: at most one per half minute. */
const UNKNOWN_KEY_REFETCH_MS = 30_000;
const lastFetchAt = new Map<string, number>();

async function fetchJwks(jwksUrl: string): Promise<void> {
  lastFetchAt.set(jwksUrl, Date.now());
  const response = await fetch(jwksUrl, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!response.ok) throw new GoogleTokenRejected(`JWKS answered ${response.status}`);
  const body = (await response.json()) as { keys?: unknown };
  if (!Array.isArray(body.keys)) throw new GoogleTokenRejected('JWKS has no keys');
  const expiresAt = Date.now() + KEY_CACHE_MS;
  // A key Google no longer publishes is retired: forget it with the rest of the old set.
  for (const cacheKey of keyCache.keys()) if (cacheKey.startsWith(`${jwksUrl}#`)) keyCache.delete(cacheKey);
  for (const jwk of body.keys as Array<JsonWebKey & { kid?: unknown }>) {
    if (typeof jwk.kid !== 'string' || jwk.kty !== 'RSA') continue;
    keyCache.set(`${jwksUrl}#${jwk.kid}`, { key: createPublicKey({ key: jwk, format: 'jwk' }), expiresAt });
  }
}

/** The public key for `kid`, fetching the key set when it is unknown or stale (a rotation). */
async function signingKey(jwksUrl: string, kid: string): Promise<KeyObject> {
  const cacheKey = `${jwksUrl}#${kid}`;
  let cached = keyCache.get(cacheKey);
  const stale = cached !== undefined && cached.expiresAt < Date.now();
  const mayFetchForUnknown = (lastFetchAt.get(jwksUrl) ?? 0) < Date.now() - UNKNOWN_KEY_REFETCH_MS;
  if (stale || (!cached && mayFetchForUnknown)) {
    await fetchJwks(jwksUrl);
    cached = keyCache.get(cacheKey);
  }
  if (!cached) throw new GoogleTokenRejected(`unknown key ${kid}`);
  return cached.key;
}

interface GoogleIdClaims {
  sub?: unknown;
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
  picture?: unknown;
}

/**
 * The identity in a Google ID token, after checking it the way Google prescribes: RS256 only,
 * signed by a key of Google's published set, `aud` our client id, `iss` one of Google's issuers,
 * not expired. `email_verified` decides whether the address may match an existing account.
 */
export async function verifyGoogleIdToken(google: GoogleConfig, idToken: string): Promise<ExternalIdentity> {
  const decoded = jwt.decode(idToken, { complete: true });
  if (!decoded || typeof decoded.payload === 'string') throw new GoogleTokenRejected('not a JWT');
  if (decoded.header.alg !== 'RS256') throw new GoogleTokenRejected(`algorithm ${decoded.header.alg}`);
  if (!decoded.header.kid) throw new GoogleTokenRejected('no key id');
  const key = await signingKey(google.jwksUrl, decoded.header.kid);
  let claims: GoogleIdClaims;
  try {
    const [firstIssuer, ...otherIssuers] = google.issuers;
    if (!firstIssuer) throw new GoogleTokenRejected('no issuers configured');
    claims = jwt.verify(idToken, key, { algorithms: ['RS256'], audience: google.clientId, issuer: [firstIssuer, ...otherIssuers] }) as GoogleIdClaims;
  } catch (error) {
    throw new GoogleTokenRejected(error instanceof Error ? error.message : 'invalid');
  }
  if (typeof claims.sub !== 'string' || claims.sub === '') throw new GoogleTokenRejected('no subject');
  return {
    provider: 'google',
    providerUserId: claims.sub,
    email: typeof claims.email === 'string' ? claims.email : null,
    // Google sends a boolean; some older tokens carry the string "true".
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name: typeof claims.name === 'string' ? claims.name : null,
    avatarUrl: typeof claims.picture === 'string' ? claims.picture : null,
  };
}
