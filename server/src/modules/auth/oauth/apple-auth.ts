import { createRemoteJWKSet, customFetch, errors as joseErrors, importPKCS8, jwtVerify, SignJWT, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { AppConfig, AppleConfig } from '../../../config.js';
import type { ExternalIdentity } from './external-identity.service.js';
import type { OidcStart } from './oauth-state.js';
import { fetchFromProvider, providerJson } from './provider-fetch.js';

/**
 * Sign in with Apple on the web (docs/product.md §Sign-in), as Apple documents it: an OpenID
 * Connect authorization-code flow whose answer Apple POSTs back to us as a form
 * (`response_mode=form_post`), a client secret that is an ES256 JWT signed with the team's key,
 * and an ID token verified with jose against Apple's published keys.
 */

/** The `iss` of Apple's ID tokens and the `aud` of our client secrets, whatever origin serves the endpoints. */
export const APPLE_ISSUER = 'https://appleid.apple.com';
/** Apple's relay service: addresses here forward to the person's real mailbox, and reveal nothing about them. */
export const APPLE_PRIVATE_RELAY_DOMAIN = 'privaterelay.appleid.com';

const PROVIDER = 'apple';
const CALL_TIMEOUT_MS = 10_000;
/** Apple allows up to six months; ours lives only as long as one code exchange needs. */
const CLIENT_SECRET_TTL_SECONDS = 5 * 60;

/** Thrown for any answer of Apple's we will not accept; the flow fails with the generic message. */
export class AppleSignInRejected extends Error {
  constructor(reason: string) {
    super(`Apple sign-in rejected: ${reason}`);
    this.name = 'AppleSignInRejected';
  }
}

/** Where Apple posts the answer (registered with Apple as a Return URL, exactly). */
export function appleCallbackUrl(config: AppConfig): string {
  return `${config.publicUrl}/api/auth/apple/signin/web`;
}

/** Apple's authorization page for this flow: name and email asked for, answer posted back as a form. */
export function appleAuthorizationUrl(apple: AppleConfig, config: AppConfig, start: OidcStart): string {
  const url = new URL('/auth/authorize', apple.baseUrl);
  url.search = new URLSearchParams({
    client_id: apple.clientId,
    redirect_uri: appleCallbackUrl(config),
    response_type: 'code',
    // Asking for name or email requires form_post: Apple refuses them with a query answer.
    response_mode: 'form_post',
    scope: 'name email',
    state: start.state,
    nonce: start.nonce,
  }).toString();
  return url.toString();
}

/** The client secret Apple expects at the token endpoint: an ES256 JWT from our team, for our Services ID. */
export async function appleClientSecret(apple: AppleConfig, now = new Date()): Promise<string> {
  const key = await importPKCS8(apple.privateKey, 'ES256');
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: apple.keyId })
    .setIssuer(apple.teamId)
    .setSubject(apple.clientId)
    .setAudience(APPLE_ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + CLIENT_SECRET_TTL_SECONDS)
    .sign(key);
}

/** One key set per URL, kept for the process (jose refetches on an unknown key id, as in google-id-token.ts). */
const keySets = new Map<string, JWTVerifyGetKey>();

function appleKeySet(apple: AppleConfig): JWTVerifyGetKey {
  const jwksUrl = new URL('/auth/keys', apple.baseUrl).toString();
  let keySet = keySets.get(jwksUrl);
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(jwksUrl), {
      timeoutDuration: CALL_TIMEOUT_MS,
      [customFetch]: (url, options) => fetchFromProvider(PROVIDER, url, { ...options, timeoutMs: CALL_TIMEOUT_MS }),
    });
    keySets.set(jwksUrl, keySet);
  }
  return keySet;
}

/** What Apple's form carries besides the code: on the very first authorization only, the name the person gave. */
export interface AppleFirstAnswer {
  name?: { firstName?: unknown; lastName?: unknown };
}

/**
 * The name from Apple's `user` form field. Apple sends it once, on the first authorization, and
 * never again, so it is read then or not at all. A name is never made from an address: a relay
 * address would show as someone's name.
 */
export function nameFromFirstAnswer(user: string | undefined): string | null {
  if (!user) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(user);
  } catch {
    return null;
  }
  const name = (parsed as AppleFirstAnswer | null)?.name;
  if (typeof name !== 'object' || name === null) return null;
  const parts = [name.firstName, name.lastName].filter((part): part is string => typeof part === 'string' && part.trim() !== '' && !part.includes('@'));
  return parts.map((part) => part.trim()).join(' ') || null;
}

export function isPrivateRelayAddress(email: string): boolean {
  return email.toLowerCase().endsWith(`@${APPLE_PRIVATE_RELAY_DOMAIN}`);
}

/** Exchanges the code from Apple's form for tokens, and reads who signed in from the verified ID token. */
export async function exchangeAppleCode(apple: AppleConfig, config: AppConfig, code: string, expected: { nonce: string; name: string | null }): Promise<ExternalIdentity> {
  const response = await fetchFromProvider(PROVIDER, new URL('/auth/token', apple.baseUrl).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      client_id: apple.clientId,
      client_secret: await appleClientSecret(apple),
      redirect_uri: appleCallbackUrl(config),
    }),
    timeoutMs: CALL_TIMEOUT_MS,
  });
  // Apple's 4xx (a used, expired or made-up code, a secret it refuses) is a refusal; not reaching it is a 504.
  if (!response.ok) throw new AppleSignInRejected(`code exchange answered ${response.status}`);
  const body = ((await providerJson(PROVIDER, response)) ?? {}) as { id_token?: unknown };
  if (typeof body.id_token !== 'string') throw new AppleSignInRejected('code exchange gave no ID token');
  return verifyAppleIdToken(apple, body.id_token, expected);
}

/**
 * The identity in Apple's ID token, checked with jose: RS256, a key of Apple's set, `iss` Apple,
 * `aud` our Services ID, not expired, and the `nonce` this browser's flow sent (so a token from
 * another flow is refused). Apple vouches for every address it gives, relay ones included: they
 * are real addresses for mail.
 */
export async function verifyAppleIdToken(apple: AppleConfig, idToken: string, expected: { nonce: string; name: string | null }): Promise<ExternalIdentity> {
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(idToken, appleKeySet(apple), {
      algorithms: ['RS256'],
      issuer: APPLE_ISSUER,
      audience: apple.clientId,
      requiredClaims: ['exp', 'sub', 'nonce'],
    }));
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) throw new AppleSignInRejected(`${error.code}: ${error.message}`);
    throw error;
  }
  if (claims.nonce !== expected.nonce) throw new AppleSignInRejected('nonce does not match the flow');
  if (typeof claims.sub !== 'string' || claims.sub === '') throw new AppleSignInRejected('no subject');
  const email = typeof claims.email === 'string' ? claims.email : null;
  return {
    provider: 'apple',
    providerUserId: claims.sub,
    email,
    // Apple sends "true" as a string in web tokens and a boolean in newer ones.
    emailVerified: email !== null && (claims.email_verified === true || claims.email_verified === 'true'),
    name: expected.name,
    avatarUrl: null,
  };
}
