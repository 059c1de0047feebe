import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_CALL_TIMEOUT_MS, FEATURED_CREATORS_TIMEOUT_MS, TESTIMONIALS_TIMEOUT_MS } from '@domain/constants';
import type { DashboardQuery, FeaturedCreatorsQuery, NetworksQuery, TestimonialsQuery } from '@gql/graphql';
import { creditAnswer, viewerAnswer } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';

const networks: NetworksQuery = { __typename: 'Query', networks: [{ __typename: 'Network', id: 'TmV0d29yazo1', name: 'tiktok', title: 'TikTok' }] };

const featured: FeaturedCreatorsQuery = {
  __typename: 'Query',
  featuredCreators: [
    { __typename: 'FeaturedCreator', user: { __typename: 'User', id: 'VXNlcjox', username: 'maya', name: 'Maya Okafor', avatarUrl: null }, creditedPosts: 12, views: 1_500_000, isFeatured: true },
  ],
};

const testimonials: TestimonialsQuery = {
  __typename: 'Query',
  testimonials: [{ __typename: 'Testimonial', quote: 'Brands find me through my credits.', authorName: 'Jonas', authorTitle: 'Editor', avatarUrl: null }],
};

const never = () => new Promise<never>(() => undefined);

describe('landing page sections', () => {
  it('shows featured creators, their portfolios and testimonials when they answer', async () => {
    renderApp('/', { Viewer: viewerAnswer(null), Networks: networks, FeaturedCreators: featured, Testimonials: testimonials });
    const creators = await screen.findByTestId('featured-creators');
    expect(within(creators).getByRole('link', { name: 'Maya Okafor' }).getAttribute('href')).toBe('/maya');
    expect(within(creators).getByText('12 credited posts · 1.5m views')).toBeTruthy();
    expect(within(screen.getByTestId('example-portfolios')).getByRole('link', { name: 'See Maya Okafor’s portfolio' })).toBeTruthy();
    expect(within(await screen.findByTestId('testimonials')).getByText('Brands find me through my credits.')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Sign up (free)' })[0]!.getAttribute('href')).toBe('/signup?returnTo=%2F');
  });

  it('leaves out a section whose call fails or has not answered, and shows the rest', async () => {
    const { fake } = renderApp('/', {
      Viewer: viewerAnswer(null),
      Networks: networks,
      FeaturedCreators: never,
      Testimonials: () => {
        throw new Error('down');
      },
    });
    await screen.findByTestId('network-list');
    expect(screen.getByRole('heading', { name: 'What Byline does' })).toBeTruthy();
    expect(screen.queryByTestId('featured-creators')).toBeNull();
    expect(screen.queryByTestId('testimonials')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    // docs/product.md §Constants: the two calls give up on their own short limits (1 s and 0.5 s), the page's others on the 30 s default.
    expect(fake.callTimeouts.get('FeaturedCreators')).toBe(FEATURED_CREATORS_TIMEOUT_MS);
    expect(fake.callTimeouts.get('Testimonials')).toBe(TESTIMONIALS_TIMEOUT_MS);
    expect([FEATURED_CREATORS_TIMEOUT_MS, TESTIMONIALS_TIMEOUT_MS]).toEqual([1000, 500]);
    expect(fake.callTimeouts.get('Networks')).toBeUndefined();
  });
});

describe('dashboard', () => {
  it('shows the signed-in person their networks, recent posts with this week’s change, credits to accept and new notifications', async () => {
    const dashboard: DashboardQuery = {
      __typename: 'Query',
      dashboard: {
        __typename: 'Dashboard',
        networks: [{ __typename: 'DashboardNetworkTotals', network: { __typename: 'Network', id: 'TmV0d29yazo1', name: 'tiktok', title: 'TikTok' }, posts: 3, views: 12_000, likes: 500, comments: 20 }],
        recentPosts: [
          {
            __typename: 'DashboardRecentPost',
            post: {
              __typename: 'Post',
              id: 'UG9zdDox',
              databaseId: 1,
              caption: 'Clay mug in 60 seconds',
              url: 'https://www.tiktok.com/@maya/video/1',
              thumbnailUrl: null,
              network: { __typename: 'Network', id: 'TmV0d29yazo1', title: 'TikTok' },
              account: { __typename: 'SocialAccount', id: 'U29jaWFsQWNjb3VudDox', handle: 'maya' },
              stats: { __typename: 'PostStats', views: 12_000, likes: 500, comments: 20 },
              viewerCan: { __typename: 'PostViewerCan', addCredit: true },
              creditSuggestions: [
                {
                  __typename: 'CreditSuggestion',
                  handle: 'sam',
                  matchedText: '📸 @sam',
                  role: { __typename: 'CreditRole', id: 'Q3JlZGl0Um9sZToy', name: 'Photographer', emoji: '📸' },
                  user: null,
                },
              ],
            },
            changeSinceLastWeek: { __typename: 'DashboardPostChange', views: 2_000, likes: null, comments: null },
          },
        ],
      },
    };
    const { fake } = renderApp('/', {
      Viewer: viewerAnswer({}),
      NotificationCounts: { __typename: 'Query', notificationCounts: { __typename: 'NotificationCounts', new: 1, unreadConversations: 0 } },
      Dashboard: dashboard,
      DashboardPendingCredits: {
        __typename: 'Query',
        viewerPendingCredits: {
          __typename: 'CreditConnection',
          nodes: [{ ...creditAnswer('Q3JlZGl0Ojk=', { status: 'PENDING', viewerCan: { __typename: 'CreditViewerCan', accept: true, decline: true, remove: false, report: false } }), post: { __typename: 'Post', id: 'UG9zdDoy', databaseId: 2, caption: 'Their film' } }],
        },
      },
      DashboardNotifications: {
        __typename: 'Query',
        notifications: {
          __typename: 'NotificationConnection',
          nodes: [
            { __typename: 'Notification', id: 'Tm90aWZpY2F0aW9uOjE=', message: 'Your TikTok post is ready.', link: '/posts/1', status: 'NEW', createdAt: '2026-11-25T10:00:00Z' },
            { __typename: 'Notification', id: 'Tm90aWZpY2F0aW9uOjI=', message: 'Old news', link: null, status: 'SEEN', createdAt: '2026-11-20T10:00:00Z' },
          ],
        },
      },
    });
    expect((await screen.findByTestId('dashboard-networks')).textContent).toContain('3 posts · 12k views');
    expect(within(screen.getByTestId('dashboard-recent-posts')).getByText('+2k this week')).toBeTruthy();
    expect(within(screen.getByTestId('dashboard-suggestions')).getByText(/Photographer: @sam/)).toBeTruthy();
    expect(within(await screen.findByTestId('dashboard-pending-credits')).getByRole('button', { name: /^Accept/ })).toBeTruthy();
    const notifications = await screen.findByTestId('dashboard-notifications');
    expect(within(notifications).getByRole('link', { name: 'Your TikTok post is ready.' })).toBeTruthy();
    expect(within(notifications).queryByText('Old news')).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Track a post' })).getByLabelText('Search or paste a link to track')).toBeTruthy();
    // docs/product.md §Constants: dashboard calls may take 60 s.
    expect(DASHBOARD_CALL_TIMEOUT_MS).toBe(60_000);
    for (const operation of ['Dashboard', 'DashboardPendingCredits', 'DashboardNotifications']) expect(fake.callTimeouts.get(operation)).toBe(DASHBOARD_CALL_TIMEOUT_MS);
  });
});
