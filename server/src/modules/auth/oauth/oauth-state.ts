import type { CookieOptions, Request, Response } from 'express';
import jwt from 'jsonwebtoken';
import { timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../../../config.js';
import { randomSecret } from '../tokens/secrets.js';
import { authCookieOptions, requestCookie } from '../sessions/session-cookies.js';

/**
 * There is no server-side session, so what an OAuth round trip must remember between the start
 * and the callback (the OAuth 2 `state` nonce, the OAuth 1 request-token secret, and where to go
 * afterwards) travels in one short-lived cookie, signed so it cannot be forged or edited:
 * httpOnly, SameSite=Lax (sent on the provider's top-level redirect back to us, not on
 * cross-site subrequests), and scoped to the provider's own paths. One flow per provider at a
 * time: starting again in another tab replaces the cookie and the older flow fails its check.
 *
 * The OAuth 1 request-token secret is only signed, not encrypted. It is worthless without the
 * verifier Twitter hands to this browser, and it lives ten minutes in an httpOnly cookie.
 */
export type OAuthProvider = 'google' | 'twitter' | 'apple';

/** Where a sign-in goes when it ends, and how it answers (chosen at the start). */
export interface OAuthFlow {
  /** A same-site path to land on after success. */
  returnTo: string;
  /** A same-site path to land on after failure (Twitter's `errorTo`); null: the sign-in page. */
  errorTo: string | null;
  /** Opened in a popup: answer with a page that tells the opener and closes. */
  popup: boolean;
  /** Link mode: add this login to that signed-in user instead of signing in. */
  linkUserId: number | null;
}

interface OAuthStatePayload {
  flow: OAuthFlow;
  /** OAuth 2: the `state` value sent to the provider, to be echoed back. */
  nonce?: string;
  /** OAuth 1: the request token and its secret. */
  requestToken?: string;
  requestTokenSecret?: string;
  /** OpenID Connect without passport (Apple): the `nonce` the ID token must carry. */
  idTokenNonce?: string;
}

const AUDIENCE = 'byline-oauth';
const STATE_TTL_SECONDS = 10 * 60;

function cookieName(provider: OAuthProvider): string {
  return `byline_oauth_${provider}`;
}

/**
 * Like the session cookies, but sent only to the provider's own paths. Apple answers with a
 * cross-site form POST (`response_mode=form_post`), on which browsers never send a SameSite=Lax
 * cookie, so Apple's cookie is SameSite=None; Secure: on https, and on http://localhost, where
 * browsers accept Secure cookies. On plain http elsewhere (127.0.0.1) it stays Lax: Apple only
 * returns to https addresses anyway.
 */
function cookieOptions(config: AppConfig, provider: OAuthProvider): CookieOptions {
  const options = authCookieOptions(config, `/api/auth/${provider}`);
  if (provider !== 'apple') return options;
  return options.secure || new URL(config.publicUrl).hostname === 'localhost' ? { ...options, secure: true, sameSite: 'none' } : options;
}

function writeState(res: Response, config: AppConfig, provider: OAuthProvider, payload: OAuthStatePayload): void {
  const token = jwt.sign(payload, config.jwtSecret, { algorithm: 'HS256', audience: AUDIENCE, subject: provider, expiresIn: STATE_TTL_SECONDS });
  res.cookie(cookieName(provider), token, { ...cookieOptions(config, provider), maxAge: STATE_TTL_SECONDS * 1000 });
}

function readState(req: Request, config: AppConfig, provider: OAuthProvider): OAuthStatePayload | null {
  const token = requestCookie(req, cookieName(provider));
  if (!token) return null;
  try {
    const decoded = jwt.verify(token, config.jwtSecret, { algorithms: ['HS256'], audience: AUDIENCE, subject: provider });
    if (typeof decoded !== 'object' || decoded === null || typeof (decoded as { flow?: unknown }).flow !== 'object') return null;
    return decoded as unknown as OAuthStatePayload;
  } catch {
    return null;
  }
}

/** The flow a callback belongs to (signed by us, so safe to follow), or null when there is none. */
export function readOAuthFlow(req: Request, config: AppConfig, provider: OAuthProvider): OAuthFlow | null {
  return readState(req, config, provider)?.flow ?? null;
}

/** The state is single-use: every callback clears it, whatever the outcome. */
export function clearOAuthState(res: Response, config: AppConfig, provider: OAuthProvider): void {
  res.clearCookie(cookieName(provider), cookieOptions(config, provider));
}

function sameSecret(expected: string | undefined, given: unknown): boolean {
  if (typeof expected !== 'string' || typeof given !== 'string') return false;
  const left = Buffer.from(expected);
  const right = Buffer.from(given);
  return left.length === right.length && timingSafeEqual(left, right);
}

function responseOf(req: Request): Response {
  if (!req.res) throw new Error('OAuth state needs the express response to set its cookie');
  return req.res;
}

const STATE_MISMATCH = { message: 'The sign-in request could not be verified.' };

/**
 * passport-oauth2's state store, kept in the cookie. passport calls the four-argument forms by
 * arity: `store(req, state, meta, cb)` receives the flow passed as `state` to `authenticate`,
 * and `verify` hands it back so the route learns where to go.
 */
export class OAuth2CookieStateStore {
  constructor(
    private readonly config: AppConfig,
    private readonly provider: OAuthProvider,
  ) {}

  store(req: Request, flow: OAuthFlow, _meta: unknown, done: (error: Error | null, state?: string) => void): void {
    const nonce = randomSecret(24);
    writeState(responseOf(req), this.config, this.provider, { flow, nonce });
    done(null, nonce);
  }

  verify(req: Request, providedState: string, _meta: unknown, done: (error: Error | null, ok: boolean, state?: unknown) => void): void {
    const saved = readState(req, this.config, this.provider);
    if (!saved || !sameSecret(saved.nonce, providedState)) return done(null, false, STATE_MISMATCH);
    done(null, true, saved.flow);
  }
}

/** passport-oauth1's request-token store, kept in the cookie (six/four-argument forms, by arity). */
export class OAuth1CookieTokenStore {
  constructor(
    private readonly config: AppConfig,
    private readonly provider: OAuthProvider,
  ) {}

  set(req: Request, token: string, tokenSecret: string, flow: OAuthFlow, _meta: unknown, done: (error?: Error | null) => void): void {
    writeState(responseOf(req), this.config, this.provider, { flow, requestToken: token, requestTokenSecret: tokenSecret });
    done();
  }

  get(req: Request, token: string, _meta: unknown, done: (error: Error | null, tokenSecret?: string, state?: unknown) => void): void {
    const saved = readState(req, this.config, this.provider);
    if (!saved?.requestTokenSecret || !sameSecret(saved.requestToken, token)) return done(null, undefined, STATE_MISMATCH);
    done(null, saved.requestTokenSecret, saved.flow);
  }

  destroy(_req: Request, _token: string, _meta: unknown, done: (error?: Error | null) => void): void {
    // The route clears the cookie once the callback is answered.
    done();
  }
}

/** The values an OpenID Connect start sends to the provider: `state` (echoed back) and `nonce` (echoed in the ID token). */
export interface OidcStart {
  state: string;
  nonce: string;
}

/** Starts an OpenID Connect round trip without passport (Apple): remembers the flow, `state` and `nonce` in the cookie. */
export function startOidcState(res: Response, config: AppConfig, provider: OAuthProvider, flow: OAuthFlow): OidcStart {
  const start = { state: randomSecret(24), nonce: randomSecret(24) };
  writeState(res, config, provider, { flow, nonce: start.state, idTokenNonce: start.nonce });
  return start;
}

/** The flow and expected ID-token nonce when the callback's `state` is the one this browser was given; null otherwise. */
export function checkOidcState(req: Request, config: AppConfig, provider: OAuthProvider, providedState: unknown): { flow: OAuthFlow; nonce: string } | null {
  const saved = readState(req, config, provider);
  if (!saved || typeof saved.idTokenNonce !== 'string' || !sameSecret(saved.nonce, providedState)) return null;
  return { flow: saved.flow, nonce: saved.idTokenNonce };
}
