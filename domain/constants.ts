/** Business constants and limits (docs/product.md §Constants, and a few from its other sections). */

export const PRODUCT_NAME = 'Byline';

// Search and track box (docs/product.md §Search).
/** Plain text of this many characters or more adds the three search shortcut entries. */
export const SEARCH_SHORTCUT_MIN_CHARS = 3;
export const CAPTION_SUBTITLE_MAX = 200;
export const POST_THUMBNAIL_WIDTH = 80;

// Shell behaviour.
export const ROUTE_GUARD_REDIRECT_MS = 3000;
export const SCROLL_HIDE_THRESHOLD_PX = 100;

// Posts.
/** An Instagram post id longer than this marks a post from a private account. */
export const INSTAGRAM_PRIVATE_ID_LENGTH = 20;

// Sign-up fields (docs/product.md §Sign-in).
/** Usernames must be strictly shorter than this. */
export const USERNAME_MAX_EXCLUSIVE = 30;
export const PASSWORD_MIN = 6;
export const CODE_MIN = 6;

// Session (docs/product.md §Sign-in): 3 retries, waiting 2000 ms, then 4000 ms, then 8000 ms.
export const SESSION_AUTH_RETRIES = 3;
export const SESSION_AUTH_RETRY_BASE_MS = 2000;
export const SESSION_AUTH_RETRY_DELAYS_MS: readonly number[] = Array.from(
  { length: SESSION_AUTH_RETRIES },
  (_, attempt) => SESSION_AUTH_RETRY_BASE_MS * 2 ** attempt,
);

// Billing.
export const TRIAL_WINDOW_DAYS = 14;
/** An expiry on this date means "never expires" (e.g. a lifetime invoice). */
export const EXPIRY_SENTINEL = '2500-12-31';

// Uploads. The spec lists the sizes without saying which upload uses which.
const MEGABYTE = 1024 * 1024;
export const UPLOAD_SIZES_BYTES = {
  twoMb: 2 * MEGABYTE,
  fiveMb: 5 * MEGABYTE,
  twentyMb: 20 * MEGABYTE,
  fiftyMb: 50 * MEGABYTE,
} as const;

/** The most links one bulk import takes (pasted or read from a CSV); the Content Manager and the server both hold to it. */
export const BULK_IMPORT_MAX_LINKS = 500;

// Call timeouts.
export const DEFAULT_CALL_TIMEOUT_MS = 30_000;
export const DASHBOARD_CALL_TIMEOUT_MS = 60_000;
export const ANALYTICS_CALL_TIMEOUT_MS = 60_000;
export const CREATOR_SEARCH_CALL_TIMEOUT_MS = 60_000;
/** Short on purpose: featured creators and testimonials are decoration, never worth waiting for. */
export const FEATURED_CREATORS_TIMEOUT_MS = 1000;
export const TESTIMONIALS_TIMEOUT_MS = 500;
export const UPLOAD_TIMEOUT_MS = 60_000;

/** Status codes the client handles (docs/product.md §Errors). */
export const HANDLED_STATUS_CODES = [200, 400, 401, 403, 404, 422, 429, 500, 504] as const;

/** How many of a person's latest actions the admin user page shows (docs/product.md §Audit log). */
export const AUDIT_LOG_SIZE = 100;
/**
 * Limits the spec lists "without stated meaning". Kept only so they are not lost;
 * nothing should depend on them until their meaning is known.
 */
export const UNEXPLAINED_LIMITS = [400, 100, 25, 636, 300] as const;

// Formatting.
export const NUMBER_SUFFIXES = ['k', 'm', 'b', 't'] as const;
export const ELLIPSIS = '…';

export const LIST_NAMES = ['Favorites', 'Prospects'] as const;
export type ListName = (typeof LIST_NAMES)[number];

// Mobile app: from this version on, Google and Twitter sign-in are handled natively.
export const MOBILE_APP_NATIVE_SIGNIN_VERSION = '1.0.8';

/** Stat keys, each shown with its unit (e.g. "12 posts", "3 weeks"). */
export const STAT_KEYS = ['posts', 'views', 'likes', 'days', 'weeks'] as const;
export type StatKey = (typeof STAT_KEYS)[number];

// Client-side storage (docs/product.md §Shell).
export const CONSENT_COOKIE_NAME = 'CookieConsent';
/** Region cookie; the value '1' marks a consent-required region. */
export const REGION_COOKIE_NAME = 'eu';
export const FEATURE_FLAG_STORAGE_KEY = 'featureFlag';
export const CONSENT_COOKIE_DAYS = 365;

// Toasts (docs/product.md §Shell).
export const TOASTS_MAX = 3;
export const TOAST_AUTO_HIDE_MS = 5000;

// Data fetching: data counts as fresh for 60 s and failed calls are not retried.
export const DATA_FRESHNESS_MS = 60_000;
export const DATA_FETCH_RETRIES = 0;

// Look and feel.
export const BREAKPOINTS = { xs: 0, sm: 480, md: 768, lg: 900, xl: 1280, xxl: 1536 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;
export const BORDER_RADIUS = 10;
export const FONT = 'Manrope';
export const CAPTCHA_BADGE_VISIBLE = false;
export const BRAND_COLORS = { primary: '#F76F4A', secondary: '#4AC3CA', teal: '#0E8C8D' } as const;

/**
 * Web-vitals thresholds as [good, poor]: at or below `good` is good, above `poor` is poor.
 * Milliseconds except CLS (unitless). INP is not in the spec; web.dev's standard values.
 */
export const WEB_VITALS = {
  FCP: [1800, 3000],
  LCP: [2500, 4000],
  CLS: [0.1, 0.25],
  TTFB: [800, 1800],
  INP: [200, 500],
} as const satisfies Record<string, readonly [number, number]>;
export type WebVitalName = keyof typeof WEB_VITALS;
export type WebVitalRating = 'good' | 'needs-improvement' | 'poor';

export function rateWebVital(name: WebVitalName, value: number): WebVitalRating {
  const [good, poor] = WEB_VITALS[name];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
}
