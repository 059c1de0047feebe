import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from '../config.js';

/** Who signs in at the local Twitter: the fields of `account/verify_credentials`. */
export interface TwitterTestUser {
  id: string;
  screen_name: string;
  name: string;
  /** Returned only when the app asks with `include_email=true`, as Twitter does. */
  email?: string | null;
  profile_image_url_https?: string;
}

/** A local stand-in for Twitter's OAuth 1.0a sign-in, verifying every HMAC-SHA1 signature. */
export interface TwitterOAuthTestServer {
  url: string;
  consumerKey: string;
  consumerSecret: string;
  requestTokenUrl: string;
  accessTokenUrl: string;
  authorizeUrl: string;
  profileUrl: string;
  /** Who signs in when the next authorization page is shown (sticky until changed). */
  setNextUser(user: TwitterTestUser): void;
  /** The `screen_name` hint the last authorization page was opened with, or null. */
  lastScreenNameHint(): string | null;
  /** How many requests were refused for a bad signature, key or token. */
  refusedRequests(): number;
  /**
   * From now on signatures must use this consumer secret (as after regenerating the app's keys
   * at Twitter): a Byline still signing with the old one is refused. `consumerSecret` above
   * keeps the original value.
   */
  rotateConsumerSecret(secret: string): void;
  stop(): Promise<void>;
}

const DEFAULT_USER: TwitterTestUser = { id: '2244994945', screen_name: 'byline_tester', name: 'Byline Tester', email: null };

interface RequestToken {
  secret: string;
  callback: string;
  verifier: string | null;
  user: TwitterTestUser | null;
}

interface AccessToken {
  secret: string;
  user: TwitterTestUser;
}

/** RFC 3986 percent-encoding, as OAuth 1.0a signatures require (encodeURIComponent leaves !'()* alone). */
function oauthEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The parameters of `Authorization: OAuth k="v", …`. */
function authorizationParameters(header: string | undefined): Map<string, string> {
  const parameters = new Map<string, string>();
  if (!header?.startsWith('OAuth ')) return parameters;
  for (const match of header.slice(6).matchAll(/([\w-]+)="([^"]*)"/g)) {
    parameters.set(decodeURIComponent(match[1]!), decodeURIComponent(match[2]!));
  }
  return parameters;
}

/** HMAC-SHA1 over the signature base string (RFC 5849 section 3.4). */
export function oauth1Signature(method: string, baseUrl: string, parameters: Array<[string, string]>, consumerSecret: string, tokenSecret: string): string {
  const normalized = parameters
    .map(([name, value]) => [oauthEncode(name), oauthEncode(value)] as const)
    .sort(([leftName, leftValue], [rightName, rightValue]) => (leftName === rightName ? (leftValue < rightValue ? -1 : 1) : leftName < rightName ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const base = [method.toUpperCase(), oauthEncode(baseUrl), oauthEncode(normalized)].join('&');
  return createHmac('sha1', `${oauthEncode(consumerSecret)}&${oauthEncode(tokenSecret)}`).update(base).digest('base64');
}

function sameText(left: string, right: string): boolean {
  const leftBytes = Buffer.from(left);
  const rightBytes = Buffer.from(right);
  return leftBytes.length === rightBytes.length && timingSafeEqual(leftBytes, rightBytes);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * Starts the local Twitter on a free port of 127.0.0.1:
 * - `POST /oauth/request_token` (signed with the consumer secret; needs `oauth_callback`),
 * - `GET /oauth/authenticate?oauth_token=…[&screen_name=…]`: a page with an "Authorize app" link
 *   back to the callback with `oauth_token` and `oauth_verifier`, and a "Cancel" link giving
 *   `denied=…` (a browser test clicks them; Node tests use `linkFromAuthorizePage`),
 * - `POST /oauth/access_token` (signed with the request token's secret; checks the verifier),
 * - `GET /1.1/account/verify_credentials.json` (signed with the access token's secret).
 * Requests with a wrong key, signature, token or a replayed nonce get 401.
 */
export async function startTwitterOAuthServer(options: { consumerKey?: string; consumerSecret?: string } = {}): Promise<TwitterOAuthTestServer> {
  const consumerKey = options.consumerKey ?? 'byline-test-consumer-key';
  const initialConsumerSecret = options.consumerSecret ?? 'byline-test-consumer-secret';
  let consumerSecret = initialConsumerSecret;
  let nextUser = DEFAULT_USER;
  let screenNameHint: string | null = null;
  let refused = 0;
  const requestTokens = new Map<string, RequestToken>();
  const accessTokens = new Map<string, AccessToken>();
  const seenNonces = new Set<string>();

  /** The OAuth parameters of a correctly signed request, or null (and a 401) when anything is off. */
  function verifiedParameters(req: IncomingMessage, url: URL, body: string, tokenSecretOf: (token: string) => string | null): Map<string, string> | null {
    const oauth = authorizationParameters(req.headers.authorization);
    const signature = oauth.get('oauth_signature');
    const nonce = oauth.get('oauth_nonce');
    if (oauth.get('oauth_consumer_key') !== consumerKey || oauth.get('oauth_signature_method') !== 'HMAC-SHA1' || !signature || !nonce || seenNonces.has(nonce)) return null;
    const token = oauth.get('oauth_token');
    const tokenSecret = token === undefined ? '' : tokenSecretOf(token);
    if (tokenSecret === null) return null;
    const signed: Array<[string, string]> = [...oauth].filter(([name]) => name !== 'oauth_signature' && name !== 'realm');
    signed.push(...url.searchParams);
    if (String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) signed.push(...new URLSearchParams(body));
    const baseUrl = `http://${String(req.headers.host).toLowerCase()}${url.pathname}`;
    if (!sameText(oauth1Signature(req.method ?? 'GET', baseUrl, signed, consumerSecret, tokenSecret), signature)) return null;
    seenNonces.add(nonce);
    return oauth;
  }

  function refuse(res: ServerResponse, message: string): void {
    refused++;
    res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ errors: [{ code: 32, message }] }));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const body = await readBody(req);
    const route = `${req.method} ${url.pathname}`;

    if (route === 'POST /oauth/request_token') {
      const oauth = verifiedParameters(req, url, body, () => null);
      const callback = oauth?.get('oauth_callback');
      if (!oauth || !callback) return refuse(res, 'Could not authenticate you.');
      const token = randomBytes(16).toString('hex');
      const secret = randomBytes(16).toString('hex');
      requestTokens.set(token, { secret, callback, verifier: null, user: null });
      res.writeHead(200, { 'content-type': 'text/html' }).end(`oauth_token=${token}&oauth_token_secret=${secret}&oauth_callback_confirmed=true`);
      return;
    }

    if (route === 'GET /oauth/authenticate' || route === 'GET /oauth/authorize') {
      const token = url.searchParams.get('oauth_token') ?? '';
      const pending = requestTokens.get(token);
      if (!pending) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('This page is no longer valid.');
        return;
      }
      screenNameHint = url.searchParams.get('screen_name');
      pending.user = nextUser;
      pending.verifier = randomBytes(12).toString('hex');
      const approve = new URL(pending.callback);
      approve.searchParams.set('oauth_token', token);
      approve.searchParams.set('oauth_verifier', pending.verifier);
      const cancel = new URL(pending.callback);
      cancel.searchParams.set('denied', token);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
        `<!doctype html><html><head><meta charset="utf-8"><title>Authorize app</title></head><body>` +
          `<h1>Sign in to Byline with Twitter as @${escapeHtml(nextUser.screen_name)}</h1>` +
          `<p><a id="authorize" href="${escapeHtml(approve.href)}">Authorize app</a></p>` +
          `<p><a id="cancel" href="${escapeHtml(cancel.href)}">Cancel</a></p></body></html>`,
      );
      return;
    }

    if (route === 'POST /oauth/access_token') {
      const oauth = verifiedParameters(req, url, body, (token) => requestTokens.get(token)?.secret ?? null);
      const token = oauth?.get('oauth_token') ?? '';
      const pending = requestTokens.get(token);
      const verifier = oauth?.get('oauth_verifier') ?? new URLSearchParams(body).get('oauth_verifier');
      if (!oauth || !pending?.user || !pending.verifier || verifier !== pending.verifier) return refuse(res, 'Invalid request token.');
      requestTokens.delete(token);
      const accessToken = `${pending.user.id}-${randomBytes(16).toString('hex')}`;
      const accessSecret = randomBytes(16).toString('hex');
      accessTokens.set(accessToken, { secret: accessSecret, user: pending.user });
      const answer = new URLSearchParams({ oauth_token: accessToken, oauth_token_secret: accessSecret, user_id: pending.user.id, screen_name: pending.user.screen_name });
      res.writeHead(200, { 'content-type': 'text/html' }).end(answer.toString());
      return;
    }

    if (route === 'GET /1.1/account/verify_credentials.json') {
      const oauth = verifiedParameters(req, url, body, (token) => accessTokens.get(token)?.secret ?? null);
      const access = oauth ? accessTokens.get(oauth.get('oauth_token') ?? '') : undefined;
      if (!access) return refuse(res, 'Invalid or expired token.');
      const { email, ...user } = access.user;
      const includeEmail = url.searchParams.get('include_email') === 'true';
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({ ...user, id_str: user.id, id: Number(user.id), ...(includeEmail && email ? { email } : {}) }),
      );
      return;
    }

    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    consumerKey,
    consumerSecret: initialConsumerSecret,
    requestTokenUrl: `${url}/oauth/request_token`,
    accessTokenUrl: `${url}/oauth/access_token`,
    authorizeUrl: `${url}/oauth/authenticate`,
    profileUrl: `${url}/1.1/account/verify_credentials.json`,
    setNextUser(user) {
      nextUser = user;
    },
    lastScreenNameHint: () => screenNameHint,
    refusedRequests: () => refused,
    rotateConsumerSecret(secret) {
      consumerSecret = secret;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The settings that point Byline's Twitter sign-in at the local server; `consumerSecret` lets a test sign with a wrong one. */
export function twitterTestConfig(server: TwitterOAuthTestServer, overrides: { consumerSecret?: string } = {}): Partial<AppConfig> {
  return {
    twitter: {
      consumerKey: server.consumerKey,
      consumerSecret: overrides.consumerSecret ?? server.consumerSecret,
      requestTokenUrl: server.requestTokenUrl,
      accessTokenUrl: server.accessTokenUrl,
      authorizeUrl: server.authorizeUrl,
      profileUrl: server.profileUrl,
    },
  };
}

/** The target of the authorization page's "Authorize app" or "Cancel" link (for tests without a browser). */
export function linkFromAuthorizePage(html: string, choice: 'authorize' | 'cancel'): string {
  const href = html.match(new RegExp(`<a id="${choice}" href="([^"]+)"`))?.[1];
  if (!href) throw new Error(`the authorization page has no ${choice} link`);
  return href.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)));
}
