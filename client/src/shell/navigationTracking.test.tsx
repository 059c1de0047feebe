import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from '@router';
import { trackNavigation } from './analytics';
import { initConsent, recordConsent } from './consent';
import { deleteCookie, writeCookie } from './cookies';
import { buildRoutes } from './routes';
import { startErrorReporting } from './errorReporting';

let fetchMock: ReturnType<typeof vi.fn>;
let stop: () => void = () => undefined;

beforeEach(() => {
  for (const name of ['eu', 'CookieConsent']) deleteCookie(name);
  window.dataLayer = [];
  fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true, data: { recorded: true } })));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  stop();
  document.body.innerHTML = '';
  for (const name of ['eu', 'CookieConsent']) deleteCookie(name);
  vi.unstubAllGlobals();
});

function clickLink(href: string) {
  const link = document.createElement('a');
  link.href = href;
  link.textContent = 'link';
  // Followed by nobody: jsdom does not navigate, the router is not listening to the document.
  link.addEventListener('click', (event) => event.preventDefault());
  document.body.append(link);
  link.click();
}

/** The `/track` calls made, as sent. */
const tracked = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);

describe('route tracking and profile clicks (docs/product.md §API)', () => {
  it('records the start of each navigation, and clicks on profile links only, once consent is granted', async () => {
    initConsent();
    const router = createMemoryRouter(buildRoutes(), { initialEntries: ['/'] });
    stop = trackNavigation(router);

    router.navigate('/explore');
    expect(window.dataLayer?.at(-1)).toEqual(['event', 'route_change_start', { page_path: '/explore' }]);

    clickLink('/janedoe');
    clickLink('/explore');
    clickLink('https://elsewhere.example/janedoe');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/track');
    expect(tracked()).toEqual([{ action: 'click', target: 'profile', targetId: 'janedoe' }]);
  });

  it('records nothing in a consent region until the visitor allows it', async () => {
    writeCookie('eu', '1', 1);
    initConsent();
    const router = createMemoryRouter(buildRoutes(), { initialEntries: ['/'] });
    stop = trackNavigation(router);

    router.navigate('/explore');
    clickLink('/janedoe');
    expect(window.dataLayer?.some((entry) => Array.isArray(entry) && entry[0] === 'event')).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();

    recordConsent(true);
    clickLink('/janedoe');
    await vi.waitFor(() => expect(tracked()).toEqual([{ action: 'click', target: 'profile', targetId: 'janedoe' }]));
  });
});

describe('error reporting in the browser', () => {
  it('stays off, loading nothing, when the page carries no DSN', async () => {
    expect(await startErrorReporting({ errorReporting: null })).toBe(false);
  });
});
