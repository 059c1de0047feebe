import { Strategy as TwitterStrategy, type Profile } from 'passport-twitter';
import type { AppConfig, TwitterConfig } from '../../../config.js';
import type { ExternalIdentity } from './external-identity.service.js';
import { OAuth1CookieTokenStore } from './oauth-state.js';

/** Where Twitter sends the browser back to (must be registered with Twitter as is). */
export function twitterCallbackUrl(config: AppConfig): string {
  return `${config.publicUrl}/api/auth/twitter/callback`;
}

/**
 * Twitter sign-in (OAuth 1.0a) through passport-twitter, every URL from config so tests run it
 * against a local server, the request-token secret kept in a signed cookie instead of a session.
 * The email is asked for (`include_email`); Twitter returns it only when verified.
 */
export function createTwitterStrategy(twitter: TwitterConfig, config: AppConfig): TwitterStrategy {
  return new TwitterStrategy(
    {
      consumerKey: twitter.consumerKey,
      consumerSecret: twitter.consumerSecret,
      requestTokenURL: twitter.requestTokenUrl,
      accessTokenURL: twitter.accessTokenUrl,
      userAuthorizationURL: twitter.authorizeUrl,
      userProfileURL: twitter.profileUrl,
      callbackURL: twitterCallbackUrl(config),
      includeEmail: true,
      // passport-oauth1 reads `requestTokenStore`; passport-twitter's typings do not list it.
      ...({ requestTokenStore: new OAuth1CookieTokenStore(config, 'twitter') } as object),
    },
    (_token: string, _tokenSecret: string, profile: Profile, done: (error: unknown, identity?: ExternalIdentity) => void) => {
      done(null, twitterIdentityFromProfile(profile));
    },
  );
}

export function twitterIdentityFromProfile(profile: Profile): ExternalIdentity {
  const email = profile.emails?.[0]?.value ?? null;
  return {
    provider: 'twitter',
    providerUserId: profile.id,
    email,
    // Twitter hands out an address only once its owner has verified it.
    emailVerified: email !== null,
    name: profile.displayName || profile.username || null,
    avatarUrl: profile.photos?.[0]?.value ?? null,
  };
}

/** Twitter handles: 1 to 15 letters, digits or underscores. Anything else is not passed on as a hint. */
export function twitterScreenNameHint(value: unknown): string | null {
  return typeof value === 'string' && /^@?[A-Za-z0-9_]{1,15}$/.test(value) ? value.replace(/^@/, '') : null;
}
