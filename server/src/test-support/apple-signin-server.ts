import { exportJWK, exportPKCS8, generateKeyPair, jwtVerify, SignJWT, type JWK } from 'jose';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppConfig, AppleConfig } from '../config.js';

/** Who signs in at the local Apple. */
export interface AppleTestUser {
  sub: string;
  email: string;
  /** A "Hide My Email" address at privaterelay.appleid.com. */
  isPrivateEmail?: boolean;
  firstName?: string;
  lastName?: string;
}

/** Ways the next ID token can be wrong, as an attacker or a stale answer would make it. */
export interface AppleTokenTampering {
  /** Another flow's nonce. */
  nonce?: string;
  /** Lifetime from now; negative gives an already expired token. */
  expiresInSeconds?: number;
}

/** The form Apple's page posts back (`response_mode=form_post`). */
export interface AppleFormPost {
  action: string;
  fields: Record<string, string>;
}

/**
 * A local stand-in for Sign in with Apple's endpoints (`/auth/authorize`, `/auth/token`,
 * `/auth/keys`). It behaves like Apple where the app could get it wrong: the authorize page
 * answers with a self-submitting form POST to the redirect_uri, the `user` field (the name)
 * comes only on a person's first authorization, codes are single-use and bound to their
 * redirect_uri, and the client secret must be an ES256 JWT from the team's key, unexpired.
 */
export interface AppleSignInTestServer {
  baseUrl: string;
  config: AppleConfig;
  /** Who signs in at the next authorization (sticky until changed). */
  setNextUser(user: AppleTestUser): void;
  /** The next authorization answers `error=user_cancelled_authorize`. */
  cancelNextAuthorization(): void;
  /** The next ID token is signed properly but wrong in this way. */
  tamperNextToken(tampering: AppleTokenTampering): void;
  lastAuthorizationRequest(): URLSearchParams | null;
  /** The form of an authorize page's HTML (what a browser would post). */
  readForm(html: string): AppleFormPost;
  /** Token requests refused so far, with the reason (the test checks the client secret is accepted). */
  refusals(): string[];
  stop(): Promise<void>;
}

const APPLE_ISSUER = 'https://appleid.apple.com';
const MAX_CLIENT_SECRET_SECONDS = 15_777_000;

interface IssuedCode {
  user: AppleTestUser;
  redirectUri: string;
  nonce: string;
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

async function readBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export async function startAppleSignInServer(options: { clientId?: string; teamId?: string; keyId?: string } = {}): Promise<AppleSignInTestServer> {
  const clientId = options.clientId ?? 'test.byline.web';
  const teamId = options.teamId ?? 'TEAM123456';
  const keyId = options.keyId ?? 'KEY1234567';
  // Apple's own signing key (its JWKS) and the team's key Apple issued to us (.p8).
  const signing = await generateKeyPair('RS256', { extractable: true });
  const signingKid = `apple-${randomBytes(4).toString('hex')}`;
  const publicJwk: JWK = { ...(await exportJWK(signing.publicKey)), kid: signingKid, alg: 'RS256', use: 'sig' };
  const team = await generateKeyPair('ES256', { extractable: true });
  const privateKey = await exportPKCS8(team.privateKey);

  let nextUser: AppleTestUser = { sub: '000001.apple.default', email: 'apple.user@example.test' };
  let cancelNext = false;
  let tampering: AppleTokenTampering | null = null;
  let lastAuthorization: URLSearchParams | null = null;
  const authorizedBefore = new Set<string>();
  const codes = new Map<string, IssuedCode>();
  const refused: string[] = [];

  async function idToken(issued: IssuedCode, tamper: AppleTokenTampering | null): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const { user } = issued;
    return new SignJWT({
      email: user.email,
      email_verified: 'true',
      ...(user.isPrivateEmail ? { is_private_email: 'true' } : {}),
      nonce: tamper?.nonce ?? issued.nonce,
      nonce_supported: true,
      auth_time: now,
    })
      .setProtectedHeader({ alg: 'RS256', kid: signingKid })
      .setIssuer(APPLE_ISSUER)
      .setAudience(clientId)
      .setSubject(user.sub)
      .setIssuedAt(now - 60)
      .setExpirationTime(now + (tamper?.expiresInSeconds ?? 600))
      .sign(signing.privateKey);
  }

  async function checkClientSecret(secret: string | null): Promise<string | null> {
    if (!secret) return 'no client_secret';
    try {
      const { payload, protectedHeader } = await jwtVerify(secret, team.publicKey, { algorithms: ['ES256'], issuer: teamId, subject: clientId, audience: APPLE_ISSUER, requiredClaims: ['iat', 'exp'] });
      if (protectedHeader.kid !== keyId) return `kid ${String(protectedHeader.kid)}`;
      if (payload.exp! - payload.iat! > MAX_CLIENT_SECRET_SECONDS) return 'client secret lives too long';
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  function authorize(url: URL, res: ServerResponse): void {
    const query = url.searchParams;
    lastAuthorization = query;
    const redirectUri = query.get('redirect_uri') ?? '';
    if (query.get('client_id') !== clientId || query.get('response_mode') !== 'form_post' || query.get('response_type') !== 'code' || !redirectUri) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('invalid_request');
      return;
    }
    const fields: Record<string, string> = { state: query.get('state') ?? '' };
    if (cancelNext) {
      cancelNext = false;
      fields.error = 'user_cancelled_authorize';
    } else {
      const code = `c${randomBytes(16).toString('hex')}`;
      codes.set(code, { user: nextUser, redirectUri, nonce: query.get('nonce') ?? '' });
      fields.code = code;
      // Apple tells the name (and address) only the first time someone authorizes the app.
      if (!authorizedBefore.has(nextUser.sub)) {
        authorizedBefore.add(nextUser.sub);
        fields.user = JSON.stringify({ name: { firstName: nextUser.firstName ?? '', lastName: nextUser.lastName ?? '' }, email: nextUser.email });
      }
    }
    const inputs = Object.entries(fields)
      .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
      .join('');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
      `<!doctype html><html lang="en"><head><title>Sign in with Apple (local)</title></head><body>` +
        `<form method="post" action="${escapeHtml(redirectUri)}">${inputs}<button type="submit">Continue</button></form>` +
        `<script>document.forms[0].submit();</script></body></html>`,
    );
  }

  async function token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const refuse = (reason: string, error: string) => {
      refused.push(reason);
      sendJson(res, 400, { error });
    };
    if (body.get('client_id') !== clientId) return refuse('client_id', 'invalid_client');
    const secretProblem = await checkClientSecret(body.get('client_secret'));
    if (secretProblem) return refuse(secretProblem, 'invalid_client');
    const code = body.get('code') ?? '';
    const issued = codes.get(code);
    if (body.get('grant_type') !== 'authorization_code' || !issued || issued.redirectUri !== body.get('redirect_uri')) return refuse('grant', 'invalid_grant');
    codes.delete(code);
    const tamper = tampering;
    tampering = null;
    sendJson(res, 200, { access_token: randomBytes(16).toString('hex'), token_type: 'Bearer', expires_in: 3600, refresh_token: randomBytes(16).toString('hex'), id_token: await idToken(issued, tamper) });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://apple.invalid');
    if (req.method === 'GET' && url.pathname === '/auth/authorize') return authorize(url, res);
    if (req.method === 'GET' && url.pathname === '/auth/keys') return sendJson(res, 200, { keys: [publicJwk] });
    if (req.method === 'POST' && url.pathname === '/auth/token') {
      token(req, res).catch((error: unknown) => sendJson(res, 500, { error: String(error) }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    config: { clientId, teamId, keyId, privateKey, baseUrl },
    setNextUser(user) {
      nextUser = user;
    },
    cancelNextAuthorization() {
      cancelNext = true;
    },
    tamperNextToken(next) {
      tampering = next;
    },
    lastAuthorizationRequest: () => lastAuthorization,
    readForm(html) {
      const action = html.match(/<form method="post" action="([^"]*)"/)?.[1];
      if (!action) throw new Error(`no form in ${html}`);
      const unescape = (value: string) => value.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
      const fields: Record<string, string> = {};
      for (const match of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) fields[unescape(match[1]!)] = unescape(match[2]!);
      return { action: unescape(action), fields };
    },
    refusals: () => [...refused],
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function appleTestConfig(server: AppleSignInTestServer): Partial<AppConfig> {
  return { apple: server.config };
}

/** The environment that points a started app at the stand-in (browser tests). */
export function appleTestEnv(server: AppleSignInTestServer): Record<string, string> {
  const { clientId, teamId, keyId, privateKey, baseUrl } = server.config;
  return { APPLE_CLIENT_ID: clientId, APPLE_TEAM_ID: teamId, APPLE_KEY_ID: keyId, APPLE_PRIVATE_KEY: privateKey, APPLE_BASE_URL: baseUrl };
}
