import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notificationCountsAnswer, postAnswer, profileAnswer, profilePostsAnswer, viewerAnswer } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';

const networks = { __typename: 'Query' as const, networks: [] };
const signedOut = { Viewer: viewerAnswer(null), Networks: networks, Post: postAnswer(), Profile: profileAnswer(), ProfilePosts: profilePostsAnswer() };

describe('signed-out visitors', () => {
  it.each([
    ['/explore', '/signup?returnTo=%2Fexplore'],
    ['/explore?tags=summer~12', '/signup?returnTo=%2Fexplore%3Ftags%3Dsummer%7E12'],
    ['/notifications', '/signup?returnTo=%2Fnotifications'],
    ['/admin/users', '/signup?returnTo=%2Fadmin%2Fusers'],
    ['/profile', '/signup?returnTo=%2Fprofile'],
    // An existing returnTo is kept.
    ['/plans?returnTo=%2Fteams', '/signup?returnTo=%2Fteams'],
  ])('are sent from %s to %s', async (url, target) => {
    const { router } = renderApp(url, signedOut);
    await waitFor(() => expect(router.location.pathname + router.location.search).toBe(target));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign up' })).toBeTruthy();
    // Replaced, not pushed: Back does not return to the page that sent them away.
    expect(router.history.index).toBe(0);
  });

  it.each([
    ['/', /./],
    ['/blog', 'Blog'],
    ['/downloads', 'Downloads'],
    ['/about', 'About'],
    ['/contact', 'Contact'],
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
    ['/404', 'Page not found'],
    ['/no/such/page', 'Page not found'],
    // A portfolio is shared: open to signed-out visitors, headed by the person's name.
    ['/janedoe', 'Jane Doe'],
    ['/posts/1234', /^Post by /],
    ['/signin', 'Sign in'],
    ['/signup', 'Sign up'],
    ['/reset-password', /./],
  ])('may stay on %s', async (url, heading) => {
    const { router } = renderApp(url, signedOut);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(router.location.pathname).toBe(url);
  });

  it('see nothing of a guarded page while the session check runs', async () => {
    let answer: (value: ReturnType<typeof viewerAnswer>) => void = () => {};
    const { router } = renderApp('/lists', {
      ...signedOut,
      Viewer: () => new Promise((resolve) => (answer = resolve)),
    });
    await waitFor(() => expect(document.querySelector('main [aria-busy="true"]')).toBeTruthy());
    expect(screen.queryByRole('heading', { level: 1, name: 'Lists' })).toBeNull();
    answer(viewerAnswer(null));
    await waitFor(() => expect(router.location.pathname).toBe('/signup'));
  });
});

describe('signed-in users who have not acknowledged the terms', () => {
  const unfinished = { ...signedOut, Viewer: viewerAnswer({ termsAcknowledged: false }), NotificationCounts: notificationCountsAnswer(0) };

  it('are sent to /signup (which forwards them to finish signing up)', async () => {
    const { router } = renderApp('/lists', unfinished);
    await waitFor(() => expect(router.location.pathname.startsWith('/signup')).toBe(true));
    expect(screen.queryByRole('heading', { level: 1, name: 'Lists' })).toBeNull();
  });

  it.each([
    ['/', /./],
    ['/settings', 'Settings'],
    ['/blog', 'Blog'],
  ])('may stay on %s', async (url, heading) => {
    const { router } = renderApp(url, unfinished);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(router.location.pathname).toBe(url);
  });
});

describe('signed-in users', () => {
  it('see the guarded pages', async () => {
    const { router } = renderApp('/lists', { ...signedOut, Viewer: viewerAnswer({}), NotificationCounts: notificationCountsAnswer(0) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lists' })).toBeTruthy();
    expect(router.location.pathname).toBe('/lists');
  });
});
