import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProfilePostsQuery } from '@gql/graphql';
import { describe, expect, it } from 'vitest';
import { FakeGraphQLError, notificationCountsAnswer, profileAnswer, profilePostsAnswer, viewerAnswer, type FakeAnswers } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';

const signedOut: FakeAnswers = { Viewer: viewerAnswer(null), NotificationCounts: notificationCountsAnswer(0) };

describe('profile page', () => {
  it('shows a signed-out visitor the person, their badges, numbers with suffixes, roles with counts and accounts', async () => {
    const asked: unknown[] = [];
    renderApp('/maya.makes', {
      ...signedOut,
      Profile: (variables) => {
        asked.push(variables);
        return profileAnswer({
          id: '42',
          username: 'maya.makes',
          name: 'Maya Makes',
          userType: 'COMPANY',
          badges: ['O.G.', 'PRO'],
          portfolio: {
            ...profileAnswer().userByUsername.portfolio,
            bio: 'We make films.',
            website: 'javascript:alert(1)',
            locationName: 'Lisbon, Portugal',
            totals: { __typename: 'PortfolioTotals', posts: 42, views: 1_250_000, likes: 3_400 },
            rolesHeld: [
              { __typename: 'RoleHeld', postCount: 42, role: { __typename: 'CreditRole', id: 'r1', name: 'Director', emoji: '🎬' } },
              { __typename: 'RoleHeld', postCount: 1, role: { __typename: 'CreditRole', id: 'r2', name: 'Editor', emoji: '✂️' } },
            ],
            socialAccounts: [
              { __typename: 'SocialAccount', id: 's1', handle: 'maya', displayName: null, profileUrl: 'https://www.tiktok.com/@maya', followerCount: 12_345, network: { __typename: 'Network', id: 'n5', title: 'TikTok' } },
            ],
          },
        });
      },
      ProfilePosts: profilePostsAnswer('42'),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Makes' })).toBeTruthy();
    expect(asked).toEqual([{ username: 'maya.makes' }]);
    expect(screen.getByText(/@maya\.makes/).textContent).toBe('@maya.makes · Company');
    expect(within(screen.getByRole('list', { name: 'Badges' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['O.G.', 'PRO']);
    expect(screen.getByText('We make films.')).toBeTruthy();
    // A website that is not a web address is not a link.
    expect(screen.queryByRole('link', { name: 'javascript:alert(1)' })).toBeNull();
    expect(screen.getByRole('link', { name: '@maya on TikTok' }).getAttribute('href')).toBe('https://www.tiktok.com/@maya');
    expect(screen.getByTestId('profile-accounts').textContent).toContain('12.3k followers');
    expect(screen.getByTestId('profile-totals').textContent).toBe('Posts42Views1.3mLikes3.4k');
    expect(within(screen.getByTestId('profile-roles')).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['🎬 Director · 42 posts', '✂️ Editor · 1 post']);
    // A company's grid is its posts.
    expect(screen.getByRole('heading', { level: 2, name: 'Posts' })).toBeTruthy();
    expect(await screen.findByText('No posts yet.')).toBeTruthy();
  });

  it('shows the not-found page for a name that is neither a user nor an event', async () => {
    renderApp('/nobody', {
      ...signedOut,
      Profile: () => {
        throw new FakeGraphQLError('User was not found', 'NOT_FOUND');
      },
      EventPage: { __typename: 'Query', event: null },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('shows the viewer their own portfolio at /profile', async () => {
    const asked: unknown[] = [];
    renderApp('/profile', {
      Viewer: viewerAnswer({}),
      NotificationCounts: notificationCountsAnswer(0),
      Profile: (variables) => {
        asked.push(variables);
        return profileAnswer();
      },
      ProfilePosts: profilePostsAnswer(),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeTruthy();
    expect(asked).toEqual([{ username: 'janedoe' }]);
  });

  it('lists the public projects the person works on, with client and role, each linked', async () => {
    const project = (id: string, name: string, client: string | null) => ({ __typename: 'Project' as const, id, name, client, path: `/projects/${id}~${name.toLowerCase().replace(/ /g, '-')}` });
    renderApp('/maya.makes', {
      ...signedOut,
      Profile: profileAnswer({
        id: '42',
        username: 'maya.makes',
        name: 'Maya Makes',
        publicProjects: {
          __typename: 'ProfileProjectConnection',
          nodes: [
            { __typename: 'ProfileProject', isOwner: false, creditRole: { __typename: 'CreditRole', id: 'r1', name: 'Director' }, project: project('AbCdE12345', 'Spring campaign', 'Acme') },
            { __typename: 'ProfileProject', isOwner: true, creditRole: null, project: project('ZyXwV98765', 'Own reel', null) },
          ],
        },
      }),
      ProfilePosts: profilePostsAnswer('42'),
    });
    const section = within((await screen.findByRole('heading', { level: 2, name: 'Projects' })).closest('section')!);
    expect(section.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Spring campaign · for Acme · Director', 'Own reel · Owner']);
    expect(section.getByRole('link', { name: 'Spring campaign' }).getAttribute('href')).toBe('/projects/AbCdE12345~spring-campaign');
  });

  it('shows no Projects section for someone with no public projects', async () => {
    renderApp('/janedoe', { ...signedOut, Profile: profileAnswer(), ProfilePosts: profilePostsAnswer() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: 'Projects' })).toBeNull();
  });

  describe('an arranged portfolio', () => {
    const post = (n: number) => ({
      __typename: 'Post' as const,
      id: `UG9zdDo${n}`,
      databaseId: n,
      caption: `Film ${n}`,
      thumbnailUrl: null,
      isPrivate: false,
      postedAt: '2026-01-01T00:00:00.000Z',
      importedAt: '2026-01-01T00:00:00.000Z',
      network: { __typename: 'Network' as const, id: 'n5', title: 'TikTok' },
      account: { __typename: 'SocialAccount' as const, id: 'a1', handle: 'maya', displayName: null },
      stats: { __typename: 'PostStats' as const, views: null, likes: null },
      credits: { __typename: 'CreditConnection' as const, nodes: [] },
    });
    const grid = (edges: Array<[number, boolean, boolean]>): ProfilePostsQuery => ({
      __typename: 'Query',
      userByUsername: {
        __typename: 'User',
        id: '1',
        portfolio: {
          __typename: 'Portfolio',
          creditedPosts: {
            __typename: 'PortfolioPostConnection',
            edges: edges.map(([n, isPinned, isHidden]) => ({ __typename: 'PortfolioPostEdge' as const, cursor: `c${n}`, isPinned, isHidden, node: post(n) })),
            pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
          },
        },
      },
    });

    it('marks pinned posts for a visitor, with no controls', async () => {
      renderApp('/janedoe', { ...signedOut, Profile: profileAnswer(), ProfilePosts: grid([[1, true, false], [2, false, false]]) });
      const cards = await screen.findAllByTestId('portfolio-post');
      expect(cards.map((card) => card.getAttribute('data-pinned'))).toEqual(['true', null]);
      expect(within(cards[0]!).getByText('Pinned')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Pin' })).toBeNull();
      expect(screen.queryByRole('button', { name: /Move .* earlier/ })).toBeNull();
    });

    it('lets the owner pin, hide, show and move pins with the keyboard', async () => {
      const user = userEvent.setup();
      const placed: unknown[] = [];
      const moved: unknown[] = [];
      renderApp('/janedoe', {
        Viewer: viewerAnswer({}),
        NotificationCounts: notificationCountsAnswer(0),
        Profile: profileAnswer({ portfolio: { ...profileAnswer().userByUsername.portfolio, viewerCanArrange: true } }),
        ProfilePosts: grid([[1, true, false], [2, true, false], [3, false, true], [4, false, false]]),
        SetPortfolioPostPlacement: (variables) => {
          placed.push(variables.input);
          return { __typename: 'Mutation', setPortfolioPostPlacement: { __typename: 'SetPortfolioPostPlacementPayload', placement: 'PINNED', post: { __typename: 'Post', id: 'UG9zdDo0' } } };
        },
        MovePinnedPortfolioPost: (variables) => {
          moved.push(variables.input);
          return { __typename: 'Mutation', movePinnedPortfolioPost: { __typename: 'MovePinnedPortfolioPostPayload', pinnedPosts: [{ __typename: 'Post', id: 'UG9zdDo2' }, { __typename: 'Post', id: 'UG9zdDo1' }] } };
        },
      });
      const cards = await screen.findAllByTestId('portfolio-post');
      expect(within(cards[2]!).getByText('Hidden: only you see it here')).toBeTruthy();
      expect(cards[0]!.getAttribute('draggable')).toBe('true');
      expect(cards[3]!.getAttribute('draggable')).toBeNull();
      // The first pin cannot move earlier; the second moves first.
      expect(within(cards[0]!).getByRole('button', { name: 'Move Film 1 earlier' }).hasAttribute('disabled')).toBe(true);
      await user.click(within(cards[1]!).getByRole('button', { name: 'Move Film 2 earlier' }));
      await waitFor(() => expect(moved).toEqual([{ userId: '1', postId: 'UG9zdDo2', afterPostId: null }]));
      expect(await screen.findByText('Moved to pin 1 of 2.')).toBeTruthy();
      await user.click(within(cards[3]!).getByRole('button', { name: 'Pin' }));
      await user.click(within(cards[2]!).getByRole('button', { name: 'Show' }));
      await waitFor(() =>
        expect(placed).toEqual([
          { userId: '1', postId: 'UG9zdDo4', placement: 'PINNED' },
          { userId: '1', postId: 'UG9zdDo3', placement: 'SHOWN' },
        ]),
      );
    });
  });
});
