import { screen, within } from '@testing-library/react';
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
});
