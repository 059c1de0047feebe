import { Strategy as GoogleStrategy, type Profile } from 'passport-google-oauth20';
import type OAuth2Strategy from 'passport-oauth2';
import type { AppConfig, GoogleConfig } from '../../../config.js';
import type { ExternalIdentity } from './external-identity.service.js';
import { GoogleTokenRejected, verifyGoogleIdToken } from './google-id-token.js';
import { OAuth2CookieStateStore } from './oauth-state.js';
import { fetchFromProvider, providerJson } from './provider-fetch.js';

/** Where Google sends the browser back to (must be registered with Google as is). */
export function googleCallbackUrl(config: AppConfig): string {
  return `${config.publicUrl}/api/auth/google/callback`;
}

/**
 * The web flow: passport-google-oauth20 with every URL from config (so tests run it against a
 * local server) and its `state` kept in a signed cookie instead of a session. The verify step
 * only turns Google's profile into an identity; the route decides what account it is.
 */
export function createGoogleStrategy(google: GoogleConfig, config: AppConfig): GoogleStrategy {
  return new GoogleStrategy(
    {
      clientID: google.clientId,
      clientSecret: google.clientSecret,
      authorizationURL: google.authorizationUrl,
      tokenURL: google.tokenUrl,
      userProfileURL: google.userInfoUrl,
      callbackURL: googleCallbackUrl(config),
      scope: ['openid', 'email', 'profile'],
      // The typings list only the two- and three-argument forms; passport calls ours by arity.
      store: new OAuth2CookieStateStore(config, 'google') as unknown as OAuth2Strategy.StateStore,
    },
    (_accessToken: string, _refreshToken: string, profile: Profile, done: (error: unknown, identity?: ExternalIdentity) => void) => {
      done(null, googleIdentityFromProfile(profile));
    },
  );
}

export function googleIdentityFromProfile(profile: Profile): ExternalIdentity {
  const email = profile.emails?.[0];
  return {
    provider: 'google',
    providerUserId: profile.id,
    email: email?.value ?? null,
    // The userinfo endpoint reports `email_verified`; the profile parser copies it here.
    emailVerified: email?.verified === true || String(email?.verified) === 'true',
    name: profile.displayName || null,
    avatarUrl: profile.photos?.[0]?.value ?? null,
  };
}

/**
 * Google's mobile and JavaScript SDKs obtain the code themselves, without a redirect to us;
 * for such codes Google expects the literal redirect_uri `postmessage` at the exchange.
 */
const SDK_CODE_REDIRECT_URI = 'postmessage';
const TOKEN_TIMEOUT_MS = 10_000;

/** Mobile: exchanges a code from the Google SDK for tokens and reads who signed in from the ID token. */
export async function exchangeGoogleCode(google: GoogleConfig, code: string): Promise<ExternalIdentity> {
  const response = await fetchFromProvider('google', google.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      client_id: google.clientId,
      client_secret: google.clientSecret,
      redirect_uri: SDK_CODE_REDIRECT_URI,
    }),
    timeoutMs: TOKEN_TIMEOUT_MS,
  });
  // Google's 4xx (a used or made-up code) is a refusal; not reaching it is a 504 (provider-fetch.ts).
  if (!response.ok) throw new GoogleTokenRejected(`code exchange answered ${response.status}`);
  const body = ((await providerJson('google', response)) ?? {}) as { id_token?: unknown };
  if (typeof body.id_token !== 'string') throw new GoogleTokenRejected('code exchange gave no ID token');
  return verifyGoogleIdToken(google, body.id_token);
}
