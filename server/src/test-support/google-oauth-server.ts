import jwt from 'jsonwebtoken';
import { createPrivateKey, generateKeyPairSync, randomBytes, type JsonWebKey } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { OAuth2Server, type MutableRedirectUri, type MutableResponse, type MutableToken, type TokenRequestIncomingMessage } from 'oauth2-mock-server';
import type { AppConfig } from '../config.js';

/** Who signs in at the local Google: the OpenID Connect claims Google would report. */
export interface GoogleTestUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

/** Options of a hand-made ID token (mobile sign-in tests). */
export interface GoogleIdTokenOptions {
  user?: GoogleTestUser;
  /** `aud`; defaults to the client id. */
  audience?: string;
  /** `iss`; defaults to the server's issuer. */
  issuer?: string;
  /** Lifetime from now; negative gives an already expired token. Default one hour. */
  expiresInSeconds?: number;
  /** Leaves `exp` out: a token that would never expire. */
  omitExpiry?: boolean;
  /** Signs with a throw-away key under the server's `kid`: a forged signature. */
  forgeSignature?: boolean;
}

/** A local stand-in for Google's OAuth 2.0 / OpenID Connect endpoints (wraps oauth2-mock-server). */
export interface GoogleOAuthTestServer {
  /** The `iss` of every token it issues. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  jwksUrl: string;
  /** Who signs in at the next authorization or `issueCode` (sticky until changed). */
  setNextUser(user: GoogleTestUser): void;
  /** The next `/authorize` answers `error=access_denied`, as when the person cancels at Google. */
  denyNextAuthorization(): void;
  /** The query of the last `/authorize` request (to check what the app asked for). */
  lastAuthorizationRequest(): URLSearchParams | null;
  /**
   * A one-time code as the Google SDK hands it to the mobile app (redirect_uri `postmessage`),
   * exchangeable at the token endpoint for `user` (default: the next user).
   */
  issueCode(user?: GoogleTestUser): string;
  /** A signed RS256 ID token, valid unless options make it otherwise. */
  buildIdToken(options?: GoogleIdTokenOptions): Promise<string>;
  stop(): Promise<void>;
}

const DEFAULT_USER: GoogleTestUser = { sub: '100000000000000000001', email: 'google.user@example.test', email_verified: true, name: 'Google User' };
/** What Google's JS and mobile SDKs use as redirect_uri for codes they obtain themselves. */
const SDK_REDIRECT_URI = 'postmessage';

interface IssuedCode {
  user: GoogleTestUser;
  redirectUri: string;
}

/**
 * Starts the local Google on a free port of 127.0.0.1. Unlike the bare mock it behaves like
 * Google where the app could get it wrong: codes are single-use and bound to their redirect_uri,
 * the client secret is checked, and userinfo answers only for access tokens it issued.
 */
export async function startGoogleOAuthServer(options: { clientId?: string; clientSecret?: string } = {}): Promise<GoogleOAuthTestServer> {
  const clientId = options.clientId ?? 'byline-test-client.apps.googleusercontent.com';
  const clientSecret = options.clientSecret ?? 'byline-test-google-secret';
  const server = new OAuth2Server();
  const key = await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const issuer = server.issuer.url;
  if (!issuer) throw new Error('oauth2-mock-server did not report its issuer URL');

  let nextUser: GoogleTestUser = DEFAULT_USER;
  let denyNext = false;
  let lastAuthorization: URLSearchParams | null = null;
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, GoogleTestUser>();
  const service = server.service;

  service.on('beforeAuthorizeRedirect', (redirect: MutableRedirectUri, req: IncomingMessage) => {
    const query = new URL(req.url ?? '/', issuer).searchParams;
    lastAuthorization = query;
    if (denyNext) {
      denyNext = false;
      redirect.url.searchParams.delete('code');
      redirect.url.searchParams.set('error', 'access_denied');
      return;
    }
    const code = redirect.url.searchParams.get('code');
    if (code) codes.set(code, { user: nextUser, redirectUri: query.get('redirect_uri') ?? '' });
  });

  // Both the access token and the ID token of a code carry that code's user.
  service.on('beforeTokenSigning', (token: MutableToken, req: TokenRequestIncomingMessage) => {
    const issued = req.body.code ? codes.get(req.body.code) : undefined;
    if (issued) Object.assign(token.payload, issued.user);
  });

  service.on('beforeResponse', (response: MutableResponse, req: TokenRequestIncomingMessage) => {
    const body = req.body as unknown as Record<string, string | undefined>;
    const refuse = (statusCode: number, error: string) => {
      response.statusCode = statusCode;
      response.body = { error, error_description: `local Google refused the token request: ${error}` };
    };
    if (body.client_id !== clientId || body.client_secret !== clientSecret) return refuse(401, 'invalid_client');
    const issued = body.code ? codes.get(body.code) : undefined;
    if (!issued || body.redirect_uri !== issued.redirectUri) return refuse(400, 'invalid_grant');
    codes.delete(body.code!);
    if (response.body && typeof response.body.access_token === 'string') accessTokens.set(response.body.access_token, issued.user);
  });

  // The strategy sends the access token as a query parameter; other clients use the header.
  service.on('beforeUserinfo', (response: MutableResponse, req: IncomingMessage) => {
    const header = req.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    const token = header ?? new URL(req.url ?? '/', issuer).searchParams.get('access_token') ?? '';
    const user = accessTokens.get(token);
    if (!user) {
      response.statusCode = 401;
      response.body = { error: 'invalid_token', error_description: 'unknown access token' };
      return;
    }
    response.body = { ...user };
  });

  return {
    issuer,
    clientId,
    clientSecret,
    authorizationUrl: `${issuer}/authorize`,
    tokenUrl: `${issuer}/token`,
    userInfoUrl: `${issuer}/userinfo`,
    jwksUrl: `${issuer}/jwks`,
    setNextUser(user) {
      nextUser = user;
    },
    denyNextAuthorization() {
      denyNext = true;
    },
    lastAuthorizationRequest: () => lastAuthorization,
    issueCode(user) {
      const code = randomBytes(16).toString('hex');
      codes.set(code, { user: user ?? nextUser, redirectUri: SDK_REDIRECT_URI });
      return code;
    },
    async buildIdToken(tokenOptions = {}) {
      const user = tokenOptions.user ?? nextUser;
      const expiresIn = tokenOptions.expiresInSeconds ?? 3600;
      const now = Math.floor(Date.now() / 1000);
      const payload = { ...user, iss: tokenOptions.issuer ?? issuer, aud: tokenOptions.audience ?? clientId, iat: now - 60, ...(tokenOptions.omitExpiry ? {} : { exp: now + expiresIn }) };
      if (!tokenOptions.forgeSignature) {
        const privateJwk = server.issuer.keys.get(key.kid);
        if (!privateJwk) throw new Error('the signing key is gone');
        const privateKey = createPrivateKey({ key: privateJwk as JsonWebKey, format: 'jwk' });
        return jwt.sign(payload, privateKey, { algorithm: 'RS256', keyid: key.kid });
      }
      const forged = generateKeyPairSync('rsa', { modulusLength: 2048 });
      return jwt.sign(payload, forged.privateKey, { algorithm: 'RS256', keyid: key.kid });
    },
    stop: () => server.stop(),
  };
}

/** The settings that point Byline's Google sign-in at the local server (spread into useTestServer's overrides). */
export function googleTestConfig(server: GoogleOAuthTestServer): Partial<AppConfig> {
  return {
    google: {
      clientId: server.clientId,
      clientSecret: server.clientSecret,
      authorizationUrl: server.authorizationUrl,
      tokenUrl: server.tokenUrl,
      userInfoUrl: server.userInfoUrl,
      jwksUrl: server.jwksUrl,
      issuers: [server.issuer],
    },
  };
}

/** The same settings as environment variables, for the built app that browser tests start. */
export function googleTestEnv(server: GoogleOAuthTestServer): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: server.clientId,
    GOOGLE_CLIENT_SECRET: server.clientSecret,
    GOOGLE_AUTHORIZATION_URL: server.authorizationUrl,
    GOOGLE_TOKEN_URL: server.tokenUrl,
    GOOGLE_USERINFO_URL: server.userInfoUrl,
    GOOGLE_JWKS_URL: server.jwksUrl,
    GOOGLE_ISSUERS: server.issuer,
  };
}
