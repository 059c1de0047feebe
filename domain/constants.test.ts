import { describe, expect, it } from 'vitest';
import * as constants from './constants.js';

describe('constants', () => {
  it('hold the spec values', () => {
    expect(constants).toMatchObject({
      PRODUCT_NAME: 'Byline',
      SEARCH_SHORTCUT_MIN_CHARS: 3,
      CAPTION_SUBTITLE_MAX: 200,
      POST_THUMBNAIL_WIDTH: 80,
      ROUTE_GUARD_REDIRECT_MS: 3000,
      SCROLL_HIDE_THRESHOLD_PX: 100,
      INSTAGRAM_PRIVATE_ID_LENGTH: 20,
      USERNAME_MAX_EXCLUSIVE: 30,
      PASSWORD_MIN: 6,
      CODE_MIN: 6,
      SESSION_AUTH_RETRIES: 3,
      SESSION_AUTH_RETRY_BASE_MS: 2000,
      TRIAL_WINDOW_DAYS: 14,
      EXPIRY_SENTINEL: '2500-12-31',
      DEFAULT_CALL_TIMEOUT_MS: 30_000,
      DASHBOARD_CALL_TIMEOUT_MS: 60_000,
      ANALYTICS_CALL_TIMEOUT_MS: 60_000,
      CREATOR_SEARCH_CALL_TIMEOUT_MS: 60_000,
      FEATURED_CREATORS_TIMEOUT_MS: 1000,
      TESTIMONIALS_TIMEOUT_MS: 500,
      UPLOAD_TIMEOUT_MS: 60_000,
      AUDIT_LOG_SIZE: 100,
      TOASTS_MAX: 3,
      TOAST_AUTO_HIDE_MS: 5000,
      CONSENT_COOKIE_DAYS: 365,
      DATA_FRESHNESS_MS: 60_000,
      DATA_FETCH_RETRIES: 0,
      BREAKPOINTS: { xs: 0, sm: 480, md: 768, lg: 900, xl: 1280, xxl: 1536 },
      BORDER_RADIUS: 10,
      FONT: 'Manrope',
      BRAND_COLORS: { primary: '#F76F4A', secondary: '#4AC3CA', teal: '#0E8C8D' },
      MOBILE_APP_NATIVE_SIGNIN_VERSION: '1.0.8',
      LIST_NAMES: ['Favorites', 'Prospects'],
      STAT_KEYS: ['posts', 'views', 'likes', 'days', 'weeks'],
      NUMBER_SUFFIXES: ['k', 'm', 'b', 't'],
      WEB_VITALS: { FCP: [1800, 3000], LCP: [2500, 4000], CLS: [0.1, 0.25], TTFB: [800, 1800], INP: [200, 500] },
      CONSENT_COOKIE_NAME: 'CookieConsent',
      REGION_COOKIE_NAME: 'eu',
      FEATURE_FLAG_STORAGE_KEY: 'featureFlag',
    });
  });

  it('doubles the session retry delay from 2000 ms', () => {
    expect(constants.SESSION_AUTH_RETRY_DELAYS_MS).toEqual([2000, 4000, 8000]);
  });

  it('sizes uploads in bytes', () => {
    expect(constants.UPLOAD_SIZES_BYTES.twoMb).toBe(2 * 1024 * 1024);
    expect(constants.UPLOAD_SIZES_BYTES.fiftyMb).toBe(50 * 1024 * 1024);
  });

  it.each([
    ['LCP', 2500, 'good'],
    ['LCP', 2501, 'needs-improvement'],
    ['LCP', 4000, 'needs-improvement'],
    ['LCP', 4001, 'poor'],
    ['CLS', 0.05, 'good'],
    ['CLS', 0.3, 'poor'],
    ['INP', 350, 'needs-improvement'],
  ] as const)('rates %s of %s as %s', (name, value, rating) => {
    expect(constants.rateWebVital(name, value)).toBe(rating);
  });
});
