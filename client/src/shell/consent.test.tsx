import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analyticsGranted, initConsent, needsConsentBanner } from './consent';
import { CONSENT_MESSAGE, CookieConsentBanner } from './CookieConsentBanner';
import { deleteCookie, readCookie } from './cookies';
import { trackEvent, trackPageView } from './analytics';

function clearCookies() {
  for (const name of ['eu', 'CookieConsent']) deleteCookie(name);
}

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  clearCookies();
  window.dataLayer = [];
  fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true, data: null })));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  clearCookies();
  vi.unstubAllGlobals();
});

const granted = { analytics_storage: 'granted', ad_storage: 'granted' };
const denied = { analytics_storage: 'denied', ad_storage: 'denied' };

describe('consent at load', () => {
  it('outside a consent region asks nothing and grants analytics', () => {
    initConsent();
    expect(needsConsentBanner()).toBe(false);
    expect(analyticsGranted()).toBe(true);
    expect(window.dataLayer).toEqual([
      ['consent', 'default', denied],
      ['consent', 'update', granted],
    ]);
  });

  it('in a consent region without a choice keeps analytics denied and shows the banner', () => {
    document.cookie = 'eu=1; Path=/';
    initConsent();
    expect(needsConsentBanner()).toBe(true);
    expect(analyticsGranted()).toBe(false);
    expect(window.dataLayer).toEqual([['consent', 'default', denied]]);
  });

  it.each([
    ['true', granted, true],
    ['false', denied, false],
  ])('in a consent region applies a stored CookieConsent=%s at once', (stored, update, allowed) => {
    document.cookie = 'eu=1; Path=/';
    document.cookie = `CookieConsent=${stored}; Path=/`;
    initConsent();
    expect(needsConsentBanner()).toBe(false);
    expect(analyticsGranted()).toBe(allowed);
    expect(window.dataLayer).toEqual([
      ['consent', 'default', denied],
      ['consent', 'update', update],
    ]);
  });
});

describe('cookie-consent banner', () => {
  it('is not shown outside a consent region', () => {
    initConsent();
    render(<CookieConsentBanner />);
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });

  it('Allow stores true, grants analytics and ads, and hides the banner', async () => {
    const user = userEvent.setup();
    document.cookie = 'eu=1; Path=/';
    initConsent();
    render(<CookieConsentBanner />);
    expect(screen.getByRole('region', { name: 'Cookie consent' }).textContent).toContain(CONSENT_MESSAGE);

    await user.click(screen.getByRole('button', { name: 'Allow' }));
    expect(readCookie('CookieConsent')).toBe('true');
    expect(analyticsGranted()).toBe(true);
    expect(window.dataLayer?.at(-1)).toEqual(['consent', 'update', granted]);
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });

  it('Deny stores false, denies, and hides the banner', async () => {
    const user = userEvent.setup();
    document.cookie = 'eu=1; Path=/';
    initConsent();
    render(<CookieConsentBanner />);
    await user.click(screen.getByRole('button', { name: 'Deny' }));
    expect(readCookie('CookieConsent')).toBe('false');
    expect(analyticsGranted()).toBe(false);
    expect(window.dataLayer?.at(-1)).toEqual(['consent', 'update', denied]);
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });
});

describe('analytics', () => {
  it('sends nothing until consent is granted', async () => {
    document.cookie = 'eu=1; Path=/';
    initConsent();
    trackEvent({ action: 'click', target: 'signIn' });
    trackPageView('/explore');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.dataLayer).toEqual([['consent', 'default', denied]]);
  });

  it('once granted, posts events to /api/track and queues page views', async () => {
    initConsent();
    trackEvent({ action: 'view', target: 'upgradePrompt', fields: { type: 'Pro' } });
    trackPageView('/explore');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/track');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ action: 'view', target: 'upgradePrompt', fields: { type: 'Pro' } });
    expect(window.dataLayer?.at(-1)).toEqual(['event', 'page_view', { page_path: '/explore' }]);
  });

  it('ignores a failing track call', async () => {
    initConsent();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(() => trackEvent({ action: 'click', target: 'signIn' })).not.toThrow();
    // Not a wait for time: Node reports a rejection nobody handled once the event loop turns,
    // so the test lets it turn once (a zero timer) while it still runs.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});
