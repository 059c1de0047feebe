import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExplorePostsQuery } from '@gql/graphql';
import { FakeGraphQLError, notificationCountsAnswer, SITE_LINKS, siteLinksAnswer, viewerAnswer } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';
import { refreshSession } from './apollo';
import { deleteCookie } from './cookies';

afterEach(() => {
  vi.unstubAllGlobals();
  deleteCookie('masquerade');
});

/** Each menu entry as [text, where it goes] ('button' for the ones that act in place). */
function menuEntries(menu: ReturnType<typeof within>): [string, string][] {
  return menu.getAllByRole('listitem').map((item: HTMLElement) => {
    const link = item.querySelector('a');
    return [item.textContent ?? '', link?.getAttribute('href') ?? 'button'];
  });
}

const networks = { __typename: 'Query' as const, networks: [] };
const signedOut = { Viewer: viewerAnswer(null), Networks: networks };
const noExplorePosts: ExplorePostsQuery = {
  __typename: 'Query',
  explorePosts: { __typename: 'PostConnection', nodes: [], pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null } },
};

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

  it('starts the live count after a sign-in, without a reload', async () => {
    let signedIn = false;
    const { fake } = renderApp('/', {
      Viewer: () => viewerAnswer(signedIn ? { username: 'janedoe' } : null),
      NotificationCounts: notificationCountsAnswer(1),
      Networks: networks,
      // The landing page's own sections: refetched with everything else at the sign-in.
      FeaturedCreators: { __typename: 'Query', featuredCreators: [] },
      Testimonials: { __typename: 'Query', testimonials: [] },
    });
    await banner().findByRole('link', { name: 'Sign In' });
    expect(fake.notificationSubscribers).toBe(0);

    signedIn = true;
    await act(() => refreshSession(fake.client));

    expect(await screen.findByTestId('notification-count')).toBeTruthy();
    await waitFor(() => expect(fake.notificationSubscribers).toBe(1));
    act(() => fake.pushNotificationCount(4));
    await waitFor(() => expect(screen.getByTestId('notification-count').textContent).toBe('4'));
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
      // /explore's own posts load fine, so any alert would be the count's.
      ExplorePosts: noExplorePosts,
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
      Viewer: viewerAnswer({}),
      NotificationCounts: notificationCountsAnswer(3),
      SiteLinks: siteLinksAnswer(),
    });
    const button = await screen.findByRole('button', { name: 'Menu, 3 new notifications' });
    expect(button.getAttribute('aria-expanded')).toBe('false');

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = within(await screen.findByRole('navigation', { name: 'Account' }));
    await menu.findByRole('link', { name: 'Merch' });
    expect(menuEntries(menu)).toEqual([
      ['Notifications3 new', '/notifications'],
      ['Teams', '/teams'],
      ['Visual Match AI', 'button'],
      ['Content Manager', '/manager'],
      ['Lists', '/lists'],
      ['Projects', '/projects'],
      ['Upgrade to PRO', '/plans?returnTo=%2Fexplore'],
      ['Byline for Business', '/plans#business'],
      ['Settings', '/settings'],
      ['Merch', SITE_LINKS.merch],
      ['Log out', '/signout'],
    ]);
    // Teams is in the bar on large screens, so the menu keeps it for small ones only.
    expect(menu.getByRole('link', { name: 'Teams' }).closest('li')?.className).toBe('hide-from-md');

    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('keeps Teams in the menu on every screen when the teams feature flag is set', async () => {
    const user = userEvent.setup();
    renderApp('/explore?ff=teams', { Viewer: viewerAnswer({}), NotificationCounts: notificationCountsAnswer(0) });
    await user.click(await screen.findByRole('button', { name: /^Menu/ }));
    const menu = within(await screen.findByRole('navigation', { name: 'Account' }));
    expect(menu.getByRole('link', { name: 'Teams' }).closest('li')?.className).toBe('');
  });

  it('follows the server checks: Admin, Billing, pro pages, paid access and business users', async () => {
    const user = userEvent.setup();
    renderApp('/explore', {
      Viewer: viewerAnswer({
        isBusiness: true,
        canSeeBilling: true,
        viewerCan: { __typename: 'ViewerPermissions', seeAdmin: true, seeProPages: true, hasPaidAccess: true },
      }),
      NotificationCounts: notificationCountsAnswer(0),
    });
    await user.click(await screen.findByRole('button', { name: /^Menu/ }));
    const menu = within(await screen.findByRole('navigation', { name: 'Account' }));
    expect(menuEntries(menu).map(([label]) => label)).toEqual([
      'Notifications0 new',
      'Teams',
      'Visual Match AI',
      'Billing',
      'Content Manager',
      'Lists',
      'Projects',
      'Admin',
      'Settings',
      'Log out',
    ]);
    expect(menu.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin/users');
    expect(menu.getByRole('link', { name: 'Visual Match AI' }).getAttribute('href')).toBe('/visualmatch');
  });

  it('offers the upgrade prompt instead of Visual Match AI to those without pro pages', async () => {
    const user = userEvent.setup();
    renderApp('/lists', { Viewer: viewerAnswer({}), NotificationCounts: notificationCountsAnswer(0) });
    await user.click(await screen.findByRole('button', { name: /^Menu/ }));
    await user.click(within(await screen.findByRole('navigation', { name: 'Account' })).getByRole('button', { name: 'Visual Match AI' }));

    const dialog = within(await screen.findByRole('dialog', { name: "That's an advanced feature!" }));
    expect(dialog.getByRole('link', { name: 'Upgrade today' }).getAttribute('href')).toBe('/plans?returnTo=%2Flists');
  });

  it('opens the billing portal, or says in a toast why it cannot', async () => {
    const user = userEvent.setup();
    renderApp('/lists', {
      Viewer: viewerAnswer({ canSeeBilling: true }),
      NotificationCounts: notificationCountsAnswer(0),
      CreateBillingPortalSession: () => {
        throw new FakeGraphQLError('Billing is not configured.');
      },
    });
    await user.click(await screen.findByRole('button', { name: /^Menu/ }));
    await user.click(within(await screen.findByRole('navigation', { name: 'Account' })).getByRole('button', { name: 'Billing' }));

    // The toast itself: the page behind the menu (its queries unanswered here) has an alert of its own.
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toBe('Error: Billing is not configured.');
    expect(toast.className).toContain('toast--error');
  });

  it('is pale yellow while masquerading, and Stop Masquerade goes back to the admin on /', async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        return new Response(JSON.stringify({ success: true, data: { returnTo: '/' } }));
      }),
    );
    document.cookie = 'masquerade=7; Path=/';
    let masquerading = true;
    // /lists' own query is left unanswered: its refetch as the admin fails, and that must not keep them there.
    const { router } = renderApp('/lists', {
      Viewer: () => viewerAnswer(masquerading ? { username: 'janedoe', isMasquerading: true } : { username: 'theadmin' }),
      NotificationCounts: notificationCountsAnswer(0),
    });

    await waitFor(() => expect(screen.getByRole('banner').className).toContain('topbar--masquerading'));
    await user.click(screen.getByRole('button', { name: /^Menu/ }));
    masquerading = false;
    await user.click(within(await screen.findByRole('navigation', { name: 'Account' })).getByRole('button', { name: 'Stop Masquerade' }));

    await waitFor(() => expect(router.location.pathname).toBe('/'));
    expect(calls).toContain('DELETE /api/admin/masquerade');
    expect(document.cookie).not.toContain('masquerade=');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Your profile' }).getAttribute('href')).toBe('/theadmin'));
    expect(screen.getByRole('banner').className).not.toContain('topbar--masquerading');
  });

  it('offers no Stop Masquerade without the masquerade cookie', async () => {
    const user = userEvent.setup();
    renderApp('/lists', { Viewer: viewerAnswer({ isMasquerading: true }), NotificationCounts: notificationCountsAnswer(0) });
    await user.click(await screen.findByRole('button', { name: /^Menu/ }));
    expect(within(await screen.findByRole('navigation', { name: 'Account' })).queryByRole('button', { name: 'Stop Masquerade' })).toBeNull();
  });

  it('closes the menu when a menu link navigates', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/explore', {
      Viewer: viewerAnswer({}),
      NotificationCounts: notificationCountsAnswer(0),
    });
    await user.click(await screen.findByRole('button', { name: /^Menu/ }));
    await user.click(within(await screen.findByRole('navigation', { name: 'Account' })).getByRole('link', { name: 'Lists' }));
    await waitFor(() => expect(router.location.pathname).toBe('/lists'));
    await waitFor(() => expect(document.title).toBe('Lists | Byline'));
    expect(screen.getByRole('button', { name: /^Menu/ }).getAttribute('aria-expanded')).toBe('false');
  });
});
