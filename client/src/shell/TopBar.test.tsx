import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { notificationCountsAnswer, viewerAnswer } from '../test/fakeGraphQL';
import { renderApp } from '../test/renderApp';

const networks = { __typename: 'Query' as const, networks: [] };
const signedOut = { Viewer: viewerAnswer(null), Networks: networks };

function banner() {
  return within(screen.getByRole('banner'));
}

describe('top bar, signed out', () => {
  it('links Sign In back to the current path and loads no notification count', async () => {
    const { fake } = renderApp('/explore?tags=summer~12', signedOut);

    const signIn = await banner().findByRole('link', { name: 'Sign In' });
    expect(signIn.getAttribute('href')).toBe('/signin?returnTo=%2Fexplore%3Ftags%3Dsummer%7E12');
    expect(screen.queryByTestId('notification-count')).toBeNull();
    expect(screen.queryByRole('button', { name: /menu/i })).toBeNull();
    expect(fake.requests).not.toContain('NotificationCounts');
    expect(fake.requests).not.toContain('NotificationCountsChanged');
  });

  it.each(['/signin', '/signup', '/signup/username'])('hides Sign In on %s', async (path) => {
    renderApp(path, signedOut);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toBeTruthy());
    expect(banner().queryByRole('link', { name: 'Sign In' })).toBeNull();
  });

  it('has the logo and the main links', async () => {
    renderApp('/explore', signedOut);
    await banner().findByRole('link', { name: 'Sign In' });
    expect(banner().getByRole('link', { name: 'Byline' }).getAttribute('href')).toBe('/');
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual(['Explore', 'Creators', 'Teams', 'Jobs']);
    expect(screen.getByRole('search', { name: 'Search or paste a link to track' })).toBeTruthy();
  });

  it('hides the search box on the home page for signed-out visitors', async () => {
    renderApp('/', signedOut);
    await banner().findByRole('link', { name: 'Sign In' });
    expect(screen.queryByRole('search')).toBeNull();
  });
});

describe('top bar, signed in', () => {
  it('shows the avatar link and keeps the new-notification count live', async () => {
    const { fake } = renderApp('/explore', {
      Viewer: viewerAnswer({ username: 'janedoe' }),
      NotificationCounts: notificationCountsAnswer(2),
    });

    const avatar = await banner().findByRole('link', { name: 'Your profile' });
    expect(avatar.getAttribute('href')).toBe('/janedoe');
    expect(banner().queryByRole('link', { name: 'Sign In' })).toBeNull();

    const count = await screen.findByTestId('notification-count');
    expect(count.textContent).toBe('2');
    expect(screen.getByTestId('notification-dot')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Menu, 2 new notifications' })).toBeTruthy();

    await waitFor(() => expect(fake.notificationSubscribers).toBe(1));
    act(() => fake.pushNotificationCount(5));
    await waitFor(() => expect(screen.getByTestId('notification-count').textContent).toBe('5'));
    expect(screen.getByTestId('notification-dot')).toBeTruthy();

    act(() => fake.pushNotificationCount(0));
    await waitFor(() => expect(screen.getByTestId('notification-count').textContent).toBe('0'));
    expect(screen.queryByTestId('notification-dot')).toBeNull();

    // Loaded once; later values come from the subscription.
    expect(fake.requests.filter((name) => name === 'NotificationCounts')).toHaveLength(1);
  });

  it('links the avatar to /profile when the user has no username yet', async () => {
    renderApp('/explore', {
      Viewer: viewerAnswer({ username: null }),
      NotificationCounts: notificationCountsAnswer(0),
    });
    const avatar = await banner().findByRole('link', { name: 'Your profile' });
    expect(avatar.getAttribute('href')).toBe('/profile');
  });

  it('ignores a failed count load silently', async () => {
    const { fake } = renderApp('/explore', {
      Viewer: viewerAnswer({}),
      NotificationCounts: () => {
        throw new Error('boom');
      },
    });
    await banner().findByRole('link', { name: 'Your profile' });
    await waitFor(() => expect(fake.requests).toContain('NotificationCounts'));
    expect(screen.queryByTestId('notification-count')).toBeNull();
    expect(screen.queryByTestId('notification-dot')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Menu' })).toBeTruthy();
  });

  it('opens the user menu with the spec items in order, and closes it with Escape', async () => {
    const user = userEvent.setup();
    renderApp('/explore', {
      Viewer: viewerAnswer({ isAdmin: false, isPro: false }),
      NotificationCounts: notificationCountsAnswer(3),
    });
    const button = await screen.findByRole('button', { name: 'Menu, 3 new notifications' });
    expect(button.getAttribute('aria-expanded')).toBe('false');

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = within(screen.getByRole('navigation', { name: 'Account' }));
    expect(menu.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/notifications',
      '/teams',
      '/visualmatch',
      '/manager',
      '/lists',
      '/projects',
      '/plans?returnTo=%2Fexplore',
      '/settings',
      '/signout',
    ]);
    expect(menu.getByRole('link', { name: /Notifications/ }).textContent).toContain('3');
    expect(menu.queryByRole('link', { name: 'Admin' })).toBeNull();

    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('shows Admin to admins and hides Upgrade to PRO from PRO users', async () => {
    const user = userEvent.setup();
    renderApp('/explore', {
      Viewer: viewerAnswer({ isAdmin: true, isPro: true }),
      NotificationCounts: notificationCountsAnswer(0),
    });
    await user.click(await screen.findByRole('button', { name: /^Menu/ }));
    const menu = within(screen.getByRole('navigation', { name: 'Account' }));
    expect(menu.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin/users');
    expect(menu.queryByRole('link', { name: 'Upgrade to PRO' })).toBeNull();
  });

  it('closes the menu when a menu link navigates', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/explore', {
      Viewer: viewerAnswer({}),
      NotificationCounts: notificationCountsAnswer(0),
    });
    await user.click(await screen.findByRole('button', { name: /^Menu/ }));
    await user.click(within(screen.getByRole('navigation', { name: 'Account' })).getByRole('link', { name: 'Lists' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lists'));
    await waitFor(() => expect(document.title).toBe('Lists | Byline'));
    expect(screen.getByRole('button', { name: /^Menu/ }).getAttribute('aria-expanded')).toBe('false');
  });
});
