import { createRemoteJWKSet, customFetch, errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { GoogleConfig } from '../../../config.js';
import type { ExternalIdentity } from './external-identity.service.js';
import { fetchFromProvider } from './provider-fetch.js';

/** Thrown for any ID token we will not accept; the route answers 401 without the details. */
export class GoogleTokenRejected extends Error {
  constructor(reason: string) {
    super(`Google ID token rejected: ${reason}`);
    this.name = 'GoogleTokenRejected';
  }
}

const JWKS_TIMEOUT_MS = 10_000;
const PROVIDER = 'google';

/**
 * One key set per JWKS URL (Google's, or a test server's), kept for the process: jose caches the
 * keys, refetches when a token names a key it does not know (a rotation), and at most every
 * 30 s for made-up key ids. Reaching Google's key set is a provider call like any other: not
 * reaching it is a 504, not a rejected token.
 */
const keySets = new Map<string, JWTVerifyGetKey>();

function googleKeySet(jwksUrl: string): JWTVerifyGetKey {
  let keySet = keySets.get(jwksUrl);
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(jwksUrl), {
      timeoutDuration: JWKS_TIMEOUT_MS,
      [customFetch]: (url, options) => fetchFromProvider(PROVIDER, url, { ...options, timeoutMs: JWKS_TIMEOUT_MS }),
    });
    keySets.set(jwksUrl, keySet);
  }
  return keySet;
}

/**
 * The identity in a Google ID token, checked the way Google prescribes with jose: RS256 only,
 * signed by a key of Google's published set, `aud` our client id, `iss` one of Google's issuers,
 * an expiry that has not passed (a token without one is refused). `email_verified` decides
 * whether the address may match an existing account.
 */
export async function verifyGoogleIdToken(google: GoogleConfig, idToken: string): Promise<ExternalIdentity> {
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(idToken, googleKeySet(google.jwksUrl), {
      algorithms: ['RS256'],
      issuer: google.issuers,
      audience: google.clientId,
      requiredClaims: ['exp', 'sub'],
    }));
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) throw new GoogleTokenRejected(`${error.code}: ${error.message}`);
    // Not reaching Google (UpstreamTimeout) and anything unforeseen go on as they are.
    throw error;
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
