import { createPrivateKey, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { validateEmail } from '../../domain/validation.js';

/**
 * Every setting the server reads, parsed and validated once at start.
 * A bad value stops the process with a message naming the variable (see `ConfigError`).
 */
export type AppEnvironment = 'development' | 'test' | 'production';

/** Stripe price ids: PRO monthly, the two team plans (their base seats included) and one extra seat. */
export interface StripePrices {
  pro: string | null;
  teams: string | null;
  starter: string | null;
  seat: string | null;
}

/** Byline's own pages elsewhere: its shop and its profiles on the networks. */
export interface SiteLinksConfig {
  merch: string | null;
  instagram: string | null;
  tiktok: string | null;
  x: string | null;
  linkedin: string | null;
  youtube: string | null;
  /** The mobile app's pages in Apple's App Store and Google Play (docs/product.md §Downloads). */
  appStore: string | null;
  playStore: string | null;
}

export interface AppConfig {
  env: AppEnvironment;
  port: number;
  /** PORT was not set: when the default port is taken (another checkout running), use the next free one. */
  portMayMove: boolean;
  host: string;
  /** Public origin used in links (emails, OAuth callbacks). */
  publicUrl: string;
  /** Folder for local state: the embedded database, the mail outbox, generated secrets. */
  dataDir: string;
  /** When null the server starts an embedded PostgreSQL under `dataDir`. */
  databaseUrl: string | null;
  /** Null: this checkout's port from last time, else 54329, else any free port. */
  embeddedPostgresPort: number | null;
  jwtSecret: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Folder of the built client; null when it has not been built (API-only). */
  clientDistDir: string | null;
  /** The blog's and the help centre's Markdown files (`content/blog`, `content/help`: docs/product.md §Blog and help). */
  contentDir: string;
  /** The client's server render entry (client/dist-ssr, http/server-render.ts); null: pages are rendered by the browser alone. */
  serverRenderEntry: string | null;
  /** A server render taking longer is given up for the plain page. */
  serverRenderTimeoutMs: number;
  /** Server renders at once per process (0: none); more visitors meanwhile get the plain page. */
  serverRendersAtOnce: number;
  /** Requests per minute per IP on /graphql and /api. */
  rateLimitPerMinute: number;
  /** GraphQL points per hour per personal access token, user or IP (each operation costs points from its selection). */
  graphqlPointsPerHour: number;
  /**
   * Which hops may say who the client is (X-Forwarded-For), as express's `trust proxy` takes it:
   * false (nobody, the default), a hop count, or the proxies' addresses, CIDRs or range names.
   */
  trustProxy: TrustProxySetting;
  /**
   * Origins besides `publicUrl`'s whose pages may open the GraphQL WebSocket with the session
   * cookie (the mobile app's web view), normalised by `parseOrigin`.
   */
  wsAllowedOrigins: string[];
  meiliHost: string | null;
  meiliApiKey: string | null;
  /**
   * Sends every outbound scraper request to this origin instead, keeping the original host as
   * the first path segment (tests, egress proxies). See README.md.
   */
  scraperBaseUrl: string | null;
  /** How long tracking a link waits for the import before answering "queued". */
  importFastPathMs: number;
  /** A running import older than this is presumed dead (its server was killed) and retried. */
  importJobExpireSeconds: number;
  /** How often the queue looks for expired (abandoned) jobs to retry. */
  queueSuperviseIntervalSeconds: number;
  /** Refresh tokens (revocable sessions) live this long, renewed on use. */
  sessionDays: number;
  /** nodemailer transport URL; null writes mail to the log and `dataDir/outbox/`. */
  smtpUrl: string | null;
  mailFrom: string;
  /** UNSUBSCRIBE_MAILTO: an address named as the mailto form of `List-Unsubscribe`; null: the https link only. */
  unsubscribeMailto: string | null;
  /** Where messages from the /contact form go; null closes the form (docs/product.md §Contact). */
  contactEmail: string | null;
  /** Sign-in attempts (and codes, links) per IP per 15 minutes, and per email address per hour. */
  authAttemptsPerIp: number;
  authAttemptsPerAccount: number;
  google: GoogleConfig | null;
  twitter: TwitterConfig | null;
  apple: AppleConfig | null;
  /** reCAPTCHA: with no secret the captcha check passes (development). */
  recaptchaSecret: string | null;
  recaptchaSiteKey: string | null;
  recaptchaVerifyUrl: string;
  /** Addresses outside the app the shell links to; an unset one hides its link (docs/product.md §Shell). */
  siteLinks: SiteLinksConfig;
  /** Stripe: with no key, billing says it is not configured. */
  stripeSecretKey: string | null;
  /**
   * Whether plans are enforced (docs/product.md §Paid access). `open`: nobody can pay here, so
   * every plan's features are open to everyone. PAID_PLANS, by default `enforced` when Stripe is
   * configured and `open` otherwise; `enforced` without Stripe suits plans that admins give and
   * invoice outside Stripe.
   */
  paidPlans: PaidPlans;
  /** Overrides Stripe's API origin (tests run a local server). */
  stripeApiBase: string | null;
  /** Signing secret of the Stripe webhook endpoint (/api/stripe/webhook); unset: events are refused. */
  stripeWebhookSecret: string | null;
  /** Stripe price ids of the plans Checkout sells; a plan without one cannot be bought. */
  stripePrices: StripePrices;
  /** A failed webhook delivery is retried after this many seconds, doubling each time. */
  webhookRetryDelaySeconds: number;
  /**
   * Tests and development only (refused in production), empty by default: origins of local
   * receivers that webhook deliveries may reach although they are private addresses. Every
   * other webhook URL must resolve to public addresses.
   */
  webhookPrivateOrigins: string[];
  /**
   * Sentry-compatible DSNs for uncaught errors (docs/product.md §Errors): the server's
   * (SENTRY_DSN) and the browser's (SENTRY_BROWSER_DSN, else SENTRY_DSN), handed to the page at
   * run time. Used in production only.
   */
  sentryDsn: string | null;
  sentryBrowserDsn: string | null;
}

/** `trust proxy` values this app accepts: never `true`, which would let any client pick its own address. */
export type TrustProxySetting = false | number | string[];

/** Google sign-in; every URL is overridable so tests run the real flow against a local server. */
export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  jwksUrl: string;
  /** Accepted `iss` of ID tokens (mobile sign-in). */
  issuers: string[];
}

/** Twitter sign-in (OAuth 1.0a); URLs overridable for a local test server. */
export interface TwitterConfig {
  consumerKey: string;
  consumerSecret: string;
  requestTokenUrl: string;
  accessTokenUrl: string;
  authorizeUrl: string;
  profileUrl: string;
}

/** Sign in with Apple (web): the Services ID, the team and the key that signs the client secret. */
export interface AppleConfig {
  /** The Services ID (`client_id`, and the `aud` of Apple's ID tokens). */
  clientId: string;
  teamId: string;
  keyId: string;
  /** The PKCS #8 (.p8) P-256 private key Apple issued, PEM. */
  privateKey: string;
  /** Apple's endpoints live under this origin (`/auth/authorize`, `/auth/token`, `/auth/keys`); tests point it at a local stand-in. */
  baseUrl: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

class EnvReader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  string(name: string): string | null {
    const value = this.env[name]?.trim();
    return value ? value : null;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const raw = this.string(name);
    if (raw === null) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      this.problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  }

  url(name: string, protocols: string[]): string | null {
    const raw = this.string(name);
    if (raw === null) return null;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) {
        this.problems.push(`${name} must use ${protocols.join(' or ')} (got "${parsed.protocol}")`);
        return null;
      }
      return raw;
    } catch {
      this.problems.push(`${name} is not a valid URL`);
      return null;
    }
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const raw = this.string(name);
    if (raw === null) return fallback;
    if (!(allowed as readonly string[]).includes(raw)) {
      this.problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
      return fallback;
    }
    return raw as T;
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const ENVIRONMENTS = ['development', 'test', 'production'] as const;
const PAID_PLANS = ['open', 'enforced'] as const;
export type PaidPlans = (typeof PAID_PLANS)[number];

/** Whether every plan's features are open to everyone here (no billing; see AppConfig.paidPlans). */
export function arePlansOpen(config: Pick<AppConfig, 'paidPlans'>): boolean {
  return config.paidPlans === 'open';
}

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): AppConfig {
  const read = new EnvReader(env);
  const appEnv = read.oneOf('NODE_ENV', ENVIRONMENTS, 'development');
  const port = read.integer('PORT', 4000, 0, 65535);
  const dataDir = path.resolve(cwd, read.string('DATA_DIR') ?? '.data');
  const jwtSecret = read.string('JWT_SECRET');
  if (appEnv === 'production' && (jwtSecret === null || jwtSecret.length < 32)) {
    read.problems.push('JWT_SECRET must be set to at least 32 characters in production');
  }
  const sentryDsn = readDsn(read, 'SENTRY_DSN');
  const clientDist = path.resolve(cwd, 'client/dist');
  const serverRenderEntry = path.resolve(cwd, 'client/dist-ssr/renderPage.js');
  const config: AppConfig = {
    env: appEnv,
    port,
    portMayMove: read.string('PORT') === null,
    host: read.string('HOST') ?? '0.0.0.0',
    publicUrl: read.url('PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`,
    dataDir,
    databaseUrl: read.url('DATABASE_URL', ['postgres:', 'postgresql:']),
    embeddedPostgresPort: read.string('EMBEDDED_PG_PORT') === null ? null : read.integer('EMBEDDED_PG_PORT', 54329, 1024, 65535),
    jwtSecret: jwtSecret ?? '',
    logLevel: read.oneOf('LOG_LEVEL', LOG_LEVELS, appEnv === 'test' ? 'silent' : 'info'),
    clientDistDir: existsSync(path.join(clientDist, 'index.html')) ? clientDist : null,
    serverRenderEntry: existsSync(path.join(clientDist, 'index.html')) && existsSync(serverRenderEntry) ? serverRenderEntry : null,
    contentDir: path.resolve(cwd, 'content'),
    serverRenderTimeoutMs: read.integer('SERVER_RENDER_TIMEOUT_MS', 1_000, 50, 60_000),
    serverRendersAtOnce: read.integer('SERVER_RENDERS_AT_ONCE', 4, 0, 256),
    rateLimitPerMinute: read.integer('RATE_LIMIT_PER_MINUTE', 600, 1, 1_000_000),
    graphqlPointsPerHour: read.integer('GRAPHQL_POINTS_PER_HOUR', 5_000, 1, 100_000_000),
    trustProxy: readTrustProxy(read),
    wsAllowedOrigins: readOrigins(read, 'WS_ALLOWED_ORIGINS', appEnv === 'development' ? [VITE_DEV_ORIGIN] : []),
    meiliHost: read.url('MEILI_HOST', ['http:', 'https:']),
    meiliApiKey: read.string('MEILI_API_KEY'),
    scraperBaseUrl: read.url('SCRAPER_BASE_URL', ['http:', 'https:']),
    importFastPathMs: read.integer('IMPORT_FAST_PATH_MS', 5_000, 0, 60_000),
    importJobExpireSeconds: read.integer('IMPORT_JOB_EXPIRE_SECONDS', 120, 5, 3_600),
    queueSuperviseIntervalSeconds: read.integer('QUEUE_SUPERVISE_INTERVAL_SECONDS', 60, 1, 3_600),
    sessionDays: read.integer('SESSION_DAYS', 30, 1, 365),
    smtpUrl: read.url('SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: read.string('MAIL_FROM') ?? 'Byline <no-reply@byline.local>',
    unsubscribeMailto: read.string('UNSUBSCRIBE_MAILTO'),
    contactEmail: readContactEmail(read),
    authAttemptsPerIp: read.integer('AUTH_ATTEMPTS_PER_IP', 60, 1, 100_000),
    authAttemptsPerAccount: read.integer('AUTH_ATTEMPTS_PER_ACCOUNT', 20, 1, 100_000),
    google: readGoogle(read),
    twitter: readTwitter(read),
    apple: readApple(read),
    recaptchaSecret: read.string('RECAPTCHA_SECRET'),
    recaptchaSiteKey: read.string('RECAPTCHA_SITE_KEY'),
    recaptchaVerifyUrl: read.url('RECAPTCHA_VERIFY_URL', ['http:', 'https:']) ?? 'https://www.google.com/recaptcha/api/siteverify',
    siteLinks: {
      merch: read.url('MERCH_URL', ['https:']),
      instagram: read.url('SOCIAL_INSTAGRAM_URL', ['https:']),
      tiktok: read.url('SOCIAL_TIKTOK_URL', ['https:']),
      x: read.url('SOCIAL_X_URL', ['https:']),
      linkedin: read.url('SOCIAL_LINKEDIN_URL', ['https:']),
      youtube: read.url('SOCIAL_YOUTUBE_URL', ['https:']),
      appStore: read.url('APP_STORE_URL', ['https:']),
      playStore: read.url('PLAY_STORE_URL', ['https:']),
    },
    stripeSecretKey: read.string('STRIPE_SECRET_KEY'),
    paidPlans: read.oneOf('PAID_PLANS', PAID_PLANS, read.string('STRIPE_SECRET_KEY') === null ? 'open' : 'enforced'),
    stripeApiBase: read.url('STRIPE_API_BASE', ['http:', 'https:']),
    stripeWebhookSecret: read.string('STRIPE_WEBHOOK_SECRET'),
    stripePrices: {
      pro: read.string('STRIPE_PRICE_PRO'),
      teams: read.string('STRIPE_PRICE_TEAMS'),
      starter: read.string('STRIPE_PRICE_STARTER'),
      seat: read.string('STRIPE_PRICE_SEAT'),
    },
    webhookRetryDelaySeconds: read.integer('WEBHOOK_RETRY_DELAY_SECONDS', 10, 1, 3_600),
    webhookPrivateOrigins: readOrigins(read, 'WEBHOOK_PRIVATE_ORIGINS', []),
    sentryDsn,
    sentryBrowserDsn: readDsn(read, 'SENTRY_BROWSER_DSN') ?? sentryDsn,
  };
  if (appEnv === 'production' && config.webhookPrivateOrigins.length > 0) {
    read.problems.push('WEBHOOK_PRIVATE_ORIGINS is for tests and development only: in production webhooks reach public addresses only');
  }
  if (read.problems.length > 0) throw new ConfigError(read.problems);
  if (!config.jwtSecret) config.jwtSecret = developmentSecret(dataDir);
  return config;
}

/** `npm run dev` serves the web app from Vite, whose proxy passes the page's Origin on to the WebSocket. */
const VITE_DEV_ORIGIN = 'http://localhost:5173';

/**
 * An origin as browsers send it in the Origin header (`scheme://host[:port]`, default port
 * left out), or null when `value` is not one. Custom schemes (`capacitor://localhost`) count:
 * mobile web views send them.
 */
export function parseOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const bare = url.host !== '' && (url.pathname === '' || url.pathname === '/') && !url.search && !url.hash && !url.username && !url.password;
  return bare ? `${url.protocol}//${url.host}` : null;
}

function readOrigins(read: EnvReader, name: string, fallback: string[]): string[] {
  const raw = read.string(name);
  if (raw === null) return fallback;
  const origins: string[] = [];
  for (const entry of raw.split(',').map((part) => part.trim()).filter(Boolean)) {
    const origin = parseOrigin(entry);
    if (origin) origins.push(origin);
    else read.problems.push(`${name} must be a comma-separated list of origins such as https://app.example.com (got "${entry}")`);
  }
  return origins;
}

/** The range names express's `trust proxy` knows besides addresses and CIDRs. */
const TRUST_PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: unset, empty or `false` trusts no hop, so nobody sets their own address with
 * X-Forwarded-For; a whole number trusts that many hops in front of the app; otherwise a
 * comma-separated list of the proxies' addresses, CIDRs or express's range names. `true` is
 * refused: it would trust whatever the client itself writes into the header.
 */
function readTrustProxy(read: EnvReader): TrustProxySetting {
  const raw = read.string('TRUST_PROXY');
  if (raw === null || raw.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(raw)) {
    const hops = read.integer('TRUST_PROXY', 0, 0, 10);
    return hops === 0 ? false : hops;
  }
  if (raw.toLowerCase() === 'true') {
    read.problems.push("TRUST_PROXY=true would let every client set its own address: give the hop count or the proxies' addresses");
    return false;
  }
  const entries = raw.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  const bad = entries.filter((entry) => !isTrustedProxyEntry(entry));
  if (bad.length === 0 && entries.length > 0) return entries;
  read.problems.push(`TRUST_PROXY must be a hop count or a comma-separated list of addresses, CIDRs, loopback, linklocal or uniquelocal (got "${bad.join(', ') || raw}")`);
  return false;
}

function isTrustedProxyEntry(entry: string): boolean {
  if (TRUST_PROXY_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
  return bits >= 0 && bits <= (family === 4 ? 32 : 128);
}

/** A provider is on only when both of its keys are set; half a pair is a mistake worth stopping for. */
function keyPair(read: EnvReader, idName: string, secretName: string): [string, string] | null {
  const id = read.string(idName);
  const secret = read.string(secretName);
  if (id === null && secret === null) return null;
  if (id === null || secret === null) {
    read.problems.push(`${id === null ? idName : secretName} must be set together with ${id === null ? secretName : idName}`);
    return null;
  }
  return [id, secret];
}

function readGoogle(read: EnvReader): GoogleConfig | null {
  const keys = keyPair(read, 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET');
  if (!keys) return null;
  const web = ['http:', 'https:'];
  return {
    clientId: keys[0],
    clientSecret: keys[1],
    authorizationUrl: read.url('GOOGLE_AUTHORIZATION_URL', web) ?? 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: read.url('GOOGLE_TOKEN_URL', web) ?? 'https://oauth2.googleapis.com/token',
    userInfoUrl: read.url('GOOGLE_USERINFO_URL', web) ?? 'https://openidconnect.googleapis.com/v1/userinfo',
    jwksUrl: read.url('GOOGLE_JWKS_URL', web) ?? 'https://www.googleapis.com/oauth2/v3/certs',
    issuers: (read.string('GOOGLE_ISSUERS') ?? 'https://accounts.google.com,accounts.google.com').split(',').map((issuer) => issuer.trim()),
  };
}

function readTwitter(read: EnvReader): TwitterConfig | null {
  const keys = keyPair(read, 'TWITTER_CONSUMER_KEY', 'TWITTER_CONSUMER_SECRET');
  if (!keys) return null;
  const web = ['http:', 'https:'];
  return {
    consumerKey: keys[0],
    consumerSecret: keys[1],
    requestTokenUrl: read.url('TWITTER_REQUEST_TOKEN_URL', web) ?? 'https://api.twitter.com/oauth/request_token',
    accessTokenUrl: read.url('TWITTER_ACCESS_TOKEN_URL', web) ?? 'https://api.twitter.com/oauth/access_token',
    authorizeUrl: read.url('TWITTER_AUTHORIZE_URL', web) ?? 'https://api.twitter.com/oauth/authenticate',
    profileUrl: read.url('TWITTER_PROFILE_URL', web) ?? 'https://api.twitter.com/1.1/account/verify_credentials.json',
  };
}

/** A Sentry DSN: `https://<public key>@<host>/<project id>`. */
function readDsn(read: EnvReader, name: string): string | null {
  const raw = read.url(name, ['http:', 'https:']);
  if (raw === null) return null;
  const url = new URL(raw);
  if (!url.username || !/^\/(?:[^/]+\/)*\d+$/.test(url.pathname)) {
    read.problems.push(`${name} must be a DSN such as https://<key>@<host>/<project id>`);
    return null;
  }
  return raw;
}

const APPLE_KEYS = ['APPLE_CLIENT_ID', 'APPLE_TEAM_ID', 'APPLE_KEY_ID', 'APPLE_PRIVATE_KEY'] as const;

/** All four Apple settings or none; the key must be the P-256 key Apple hands out (a .p8 file's text). */
function readApple(read: EnvReader): AppleConfig | null {
  const values = APPLE_KEYS.map((name) => read.string(name));
  const missing = APPLE_KEYS.filter((_name, index) => values[index] === null);
  if (missing.length === APPLE_KEYS.length) return null;
  if (missing.length > 0) {
    read.problems.push(`${missing.join(', ')} must be set together with the other APPLE_* settings`);
    return null;
  }
  const [clientId, teamId, keyId, rawKey] = values as [string, string, string, string];
  // Environment files often carry a PEM on one line with literal \n.
  const privateKey = rawKey.includes('\\n') ? rawKey.replace(/\\n/g, '\n') : rawKey;
  try {
    const key = createPrivateKey(privateKey);
    if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') throw new Error('not a P-256 key');
  } catch {
    read.problems.push('APPLE_PRIVATE_KEY must be the P-256 private key (.p8, PEM) Apple issued for Sign in with Apple');
    return null;
  }
  return { clientId, teamId, keyId, privateKey, baseUrl: read.url('APPLE_BASE_URL', ['http:', 'https:']) ?? 'https://appleid.apple.com' };
}

/**
 * Outside production a secret is generated once and kept in the data folder, so sessions
 * survive restarts without anyone having to set JWT_SECRET on a fresh machine.
 */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** CONTACT_EMAIL: one address, or unset (the contact form says it is closed). */
function readContactEmail(read: EnvReader): string | null {
  const raw = read.string('CONTACT_EMAIL');
  if (raw === null) return null;
  if (validateEmail(raw) !== null) {
    read.problems.push(`CONTACT_EMAIL must be one email address (got "${raw}")`);
    return null;
  }
  return raw;
}
