import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@test/renderApp';
import { CLOSED_POLL_MS } from './googlePopup';
import { leavePageFor } from '@shell/leavePage';
import { DEFAULT_PROVIDERS, fakeAuthApi } from '@test/fakeAuthApi';
import { fakeSession } from '@test/fakeSession';

vi.mock('@shell/leavePage', () => ({ leavePageFor: vi.fn() }));

interface FakePopup {
  closed: boolean;
  close(): void;
}

let popup: FakePopup;
let openSpy: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  popup = {
    closed: false,
    close() {
      this.closed = true;
    },
  };
  openSpy = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(leavePageFor).mockReset();
  vi.restoreAllMocks();
  vi.useRealTimers();
  delete window.ReactNativeWebView;
});

function postFromPopup(data: unknown, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });
}

const googleButton = () => screen.findByRole('button', { name: 'Continue with Google' });

describe('Continue with Google and Twitter', () => {
  it('shows only the providers the server has configured', async () => {
    fakeAuthApi({ 'GET /auth/providers': { data: { ...DEFAULT_PROVIDERS, twitter: false } } });
    renderApp('/signin', fakeSession().answers);
    expect(await googleButton()).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue with Twitter' })).toBeNull();
  });

  it('shows neither when none is configured', async () => {
    const api = fakeAuthApi({ 'GET /auth/providers': { data: { ...DEFAULT_PROVIDERS, google: false, twitter: false } } });
    renderApp('/signin', fakeSession().answers);
    await waitFor(() => expect(api.to('GET /auth/providers')).toHaveLength(1));
    await screen.findByRole('button', { name: 'Next' });
    expect(screen.queryByRole('button', { name: /Continue with/ })).toBeNull();
  });

  it('Google: signs in through the popup, refreshes the session and goes to returnTo', async () => {
    const user = userEvent.setup();
    const session = fakeSession();
    fakeAuthApi({});
    const { router } = renderApp('/signin?returnTo=%2Flists', session.answers);
    await user.click(await googleButton());

    expect(openSpy).toHaveBeenCalledTimes(1);
    expect(openSpy.mock.calls[0]?.[0]).toBe('/api/auth/google?popup=1&returnTo=%2Flists');

    // A message from another origin is ignored.
    postFromPopup({ type: 'byline:auth', ok: true, returnTo: '/elsewhere' }, 'https://evil.example');
    session.signIn({ username: 'maya' });
    const before = session.viewerRequests;
    postFromPopup({ type: 'byline:auth', ok: true, returnTo: '/lists', isNewUser: false, message: null });
    await waitFor(() => expect(router.location.pathname).toBe('/lists'));
    expect(session.viewerRequests).toBeGreaterThan(before);
  });

  it('Google: a new account goes to choose a username, with welcome', async () => {
    const user = userEvent.setup();
    fakeAuthApi({});
    const { router } = renderApp('/signup?returnTo=%2Fexplore', fakeSession().answers);
    await user.click(await googleButton());
    // The server already points a new account at /signup/username: followed as is, not wrapped again.
    postFromPopup({ type: 'byline:auth', ok: true, returnTo: '/signup/username?returnTo=%2Fexplore&welcome=1', isNewUser: true });
    await waitFor(() => expect(router.location.pathname).toBe('/signup/username'));
    expect(router.location.search).toBe('?returnTo=%2Fexplore&welcome=1');
  });

  it('Google: a failure with a message shows it; one without a message is silent', async () => {
    const user = userEvent.setup();
    fakeAuthApi({});
    const { router } = renderApp('/signin', fakeSession().answers);
    await user.click(await googleButton());
    postFromPopup({ type: 'byline:auth', ok: false, message: 'That Google account is already linked to another Byline account.' });
    expect((await screen.findByRole('alert')).textContent).toBe('That Google account is already linked to another Byline account.');

    await user.click(await googleButton());
    expect(screen.queryByRole('alert')).toBeNull();
    postFromPopup({ type: 'byline:auth', ok: false });
    // The attempt is over (the button is no longer busy) and it said nothing.
    await waitFor(async () => expect((await googleButton()).getAttribute('aria-busy')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(router.location.pathname).toBe('/signin');
  });

  it('Google: closing the popup is silent', async () => {
    // The app looks for a closed popup on a timer: the test moves that clock itself.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    fakeAuthApi({});
    const { router } = renderApp('/signin', fakeSession().answers);
    const button = await googleButton();
    await user.click(button);
    expect(button.getAttribute('aria-busy')).toBe('true');
    popup.closed = true;
    // One poll notices it, then the popup's last message gets as long again to arrive.
    await act(() => vi.advanceTimersByTimeAsync(2 * CLOSED_POLL_MS));
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(router.location.pathname).toBe('/signin');
  });

  it('Google: a blocked popup falls back to a full-page sign-in', async () => {
    const user = userEvent.setup();
    openSpy.mockImplementation(() => null);
    fakeAuthApi({});
    renderApp('/signin?returnTo=%2Flists', fakeSession().answers);
    await user.click(await googleButton());
    expect(leavePageFor).toHaveBeenCalledWith('/api/auth/google?returnTo=%2Flists');
  });

  it('Twitter: a full-page redirect with next and errorTo', async () => {
    const user = userEvent.setup();
    fakeAuthApi({});
    renderApp('/signin?returnTo=%2Fposts%2F42', fakeSession().answers);
    await user.click(await screen.findByRole('button', { name: 'Continue with Twitter' }));
    expect(leavePageFor).toHaveBeenCalledWith('/api/auth/twitter?next=%2Fposts%2F42&errorTo=%2Fsignin');
  });

  it('/signin?w=twitter starts Twitter at once', async () => {
    fakeAuthApi({});
    renderApp('/signin?w=twitter&returnTo=%2Fjobs', fakeSession().answers);
    await waitFor(() => expect(leavePageFor).toHaveBeenCalledWith('/api/auth/twitter?next=%2Fjobs&errorTo=%2Fsignin'));
  });

  it('hands sign-in to the native app from version 1.0.8', async () => {
    const user = userEvent.setup();
    const postMessage = vi.fn();
    window.ReactNativeWebView = { postMessage };
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 BylineApp/1.0.8');
    fakeAuthApi({});
    renderApp('/signin', fakeSession().answers);
    await user.click(await googleButton());
    await user.click(screen.getByRole('button', { name: 'Continue with Twitter' }));
    expect(postMessage.mock.calls.map(([message]) => JSON.parse(String(message)))).toEqual([
      { type: 'byline:native-signin', provider: 'google' },
      { type: 'byline:native-signin', provider: 'twitter' },
    ]);
    expect(openSpy).not.toHaveBeenCalled();
    expect(leavePageFor).not.toHaveBeenCalled();
  });

  it('keeps the web flow in app versions before 1.0.8', async () => {
    const user = userEvent.setup();
    const postMessage = vi.fn();
    window.ReactNativeWebView = { postMessage };
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) Mobile/15E148 BylineApp/1.0.7');
    fakeAuthApi({});
    renderApp('/signin', fakeSession().answers);
    await user.click(await googleButton());
    expect(postMessage).not.toHaveBeenCalled();
    expect(openSpy).toHaveBeenCalledTimes(1);
  });
});

describe('Continue with Apple', () => {
  it('is hidden until the server has Apple configured', async () => {
    const api = fakeAuthApi({ 'GET /auth/providers': { data: { ...DEFAULT_PROVIDERS, apple: false } } });
    renderApp('/signin', fakeSession().answers);
    await waitFor(() => expect(api.to('GET /auth/providers')).toHaveLength(1));
    expect(await googleButton()).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue with Apple' })).toBeNull();
  });

  it('goes to Apple as a full page, keeping where to come back to', async () => {
    fakeAuthApi({ 'GET /auth/providers': { data: { ...DEFAULT_PROVIDERS, apple: true } } });
    const user = userEvent.setup();
    renderApp('/signin?returnTo=%2Fexplore', fakeSession().answers);
    await user.click(await screen.findByRole('button', { name: 'Continue with Apple' }));
    expect(leavePageFor).toHaveBeenCalledWith('/api/auth/apple?returnTo=%2Fexplore');
    expect(openSpy).not.toHaveBeenCalled();
  });
});
