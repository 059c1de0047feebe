import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { noTeamsToSwitch, notificationCountsAnswer, postAnswer, profileAnswer, profilePostsAnswer, viewerAnswer } from '@test/fakeGraphQL';
import { brandJobsAnswer, JOB_PATH, jobPageAnswer, jobsListAnswer } from '@test/fakeJobs';
import { renderApp } from '@test/renderApp';
import { buildRoutes, routeTable } from './routes';

// The API explorer's editor (GraphiQL on Monaco) cannot run in jsdom, which has no canvas, and
// would still be loading when the file ends; only the explorer's page frame matters here.
vi.mock('@features/developers/ExplorerEditor', () => ({ default: () => null }));

/** The product's original routes, written as React Router patterns. */
const specRoutes: Record<string, string> = {
  '/': 'Home',
  '/explore': 'Explore',
  '/creators': 'Creators',
  '/jobs': 'Jobs',
  '/jobs/:jobSlug': 'Job',
  '/teams': 'Teams',
  '/teams/:teamId': 'Team',
  '/teams/:teamId/billing': 'Team billing',
  '/teams/accept/:code': 'Accept invitation',
  '/:username': 'Profile',
  // A company's open jobs (docs/product.md §Jobs).
  '/:username/jobs': 'Jobs',
  '/profile': 'Profile',
  '/posts/:postRef': 'Post',
  '/projects': 'Projects',
  '/projects/:projectSlug/*': 'Project',
  '/signin': 'Sign in',
  '/signup': 'Sign up',
  '/signup/username': 'Choose username',
  '/signout': 'Sign out',
  '/reset-password': 'Reset password',
  '/invite': 'Invite a friend',
  '/notifications': 'Notifications',
  '/visualmatch': 'Visual Match AI',
  '/manager': 'Content Manager',
  '/lists': 'Lists',
  '/admin/users': 'Admin users',
  '/plans': 'Plans',
  '/settings': 'Settings',
  '/settings/accounts': 'Connected accounts',
  '/settings/login': 'Add a login method',
  '/settings/notifications': 'Notification settings',
  '/blog': 'Blog',
  '/downloads': 'Downloads',
  '/about': 'About',
  '/contact': 'Contact',
  '/privacy': 'Privacy Policy',
  '/terms': 'Terms of Service',
  '/404': 'Page not found',
  '*': 'Page not found',
};

/** Pages the spec does not list: the API explorer for integrators. */
const routesBeyondSpec: Record<string, string> = {
  '/developers/explorer': 'API explorer',
  // The status page the spec's outside link pointed at, served by Byline itself.
  '/status': 'Status',
  // One of the viewer's lists, under /lists.
  '/lists/:listId': 'List',
  // The claim link mailed or shared to someone credited before they were on Byline.
  '/credits/claim/:token': 'Claim your credit',
  // The claim link mailed to someone invited into a project before they were on Byline.
  '/projects/invitations/:token': 'Project invitation',
  // The viewer's conversations, and one open beside them (the link a new conversation's mail carries).
  '/messages': 'Messages',
  '/messages/:conversationId': 'Messages',
  // Admins' queue of reported credits, beside /admin/users.
  '/admin/credit-reports': 'Credit reports',
  // Admins' list of people reported from their messages.
  '/admin/user-reports': 'Reported people',
  // Admins make events, whose pages /{slug} (/sportssummit26) the /:username route serves.
  '/admin/events': 'Events',
  // Product news: an admin writes, previews and sends an announcement to every account.
  '/admin/announcements': 'Announcements',
  // The blog's posts and the help centre, written as Markdown in the repository.
  '/blog/:slug': 'Blog',
  '/help': 'Help Centre',
  '/help/:slug': 'Help Centre',
};

/** A concrete URL for each pattern, shaped like the spec's examples. */
const sampleUrls: Record<string, string> = {
  '/jobs/:jobSlug': JOB_PATH,
  '/teams/:teamId': '/teams/42',
  '/teams/:teamId/billing': '/teams/42/billing',
  '/teams/accept/:code': '/teams/accept/9f3c2a',
  '/:username': '/janedoe',
  '/:username/jobs': '/acme/jobs',
  '/posts/:postRef': '/posts/1234',
  '/lists/:listId': '/lists/7',
  '/credits/claim/:token': '/credits/claim/9f3c2a7b',
  '/projects/invitations/:token': '/projects/invitations/9f3c2a7b',
  '/projects/:projectSlug/*': '/projects/p7QmK2xWz9~spring-campaign',
  '/blog/:slug': '/blog/how-crediting-works',
  '/help/:slug': '/help/api-tokens',
  '*': '/no/such/page',
};

const SPRING_CAMPAIGN = {
  __typename: 'Project' as const,
  id: 'UHJvamVjdDox',
  publicId: 'p7QmK2xWz9',
  name: 'Spring campaign',
  slug: 'spring-campaign',
  path: '/projects/p7QmK2xWz9~spring-campaign',
  status: 'PLANNING' as const,
  visibility: 'PRIVATE' as const,
  client: null,
  clientUser: null,
  startsOn: null,
  endsOn: null,
  lastActivityAt: '2026-11-29T10:00:00.000Z',
  createdAt: '2026-11-29T10:00:00.000Z',
  ownerUser: { __typename: 'User' as const, id: '1', name: 'Jane Doe', username: 'janedoe' },
  ownerTeam: null,
  viewerCan: { __typename: 'ProjectViewerCan' as const, edit: true, manageCollaborators: true, seeCosts: true },
};

// Signed-in admin, so every page (including admin ones) shows itself.
const admin = {
  Viewer: viewerAnswer({
    isAdmin: true,
    viewerCan: { __typename: 'ViewerPermissions', seeAdmin: true, seeProPages: true, hasPaidAccess: true },
  }),
  NotificationCounts: notificationCountsAnswer(0),
  TeamSwitcher: noTeamsToSwitch(),
  Networks: { __typename: 'Query' as const, networks: [] },
  Post: postAnswer(),
  Profile: profileAnswer(),
  ProfilePosts: profilePostsAnswer(),
  ProjectPage: { __typename: 'Query' as const, projectByAddress: { __typename: 'ProjectAddress' as const, canonicalPath: '/projects/p7QmK2xWz9~spring-campaign', slugIsCurrent: true, project: SPRING_CAMPAIGN } },
  ProjectDetailsById: { __typename: 'Query' as const, node: SPRING_CAMPAIGN },
  BlogPosts: { __typename: 'Query' as const, blogPosts: { __typename: 'BlogPostConnection' as const, nodes: [] } },
  BlogPost: {
    __typename: 'Query' as const,
    blogPost: { __typename: 'BlogPost' as const, slug: 'how-crediting-works', title: 'How crediting works on Byline', publishedOn: '2026-11-18', author: 'The Byline team', summary: 'Roles and consent.', coverUrl: null, coverAlt: null, html: '<p>Body.</p>' },
  },
  HelpArticles: { __typename: 'Query' as const, helpArticles: { __typename: 'HelpArticleConnection' as const, nodes: [] } },
  HelpArticle: { __typename: 'Query' as const, helpArticle: { __typename: 'HelpArticle' as const, slug: 'api-tokens', title: 'API tokens', summary: 'Tokens.', html: '<p>Body.</p>' } },
  JobsList: jobsListAnswer([]),
  JobPage: jobPageAnswer(),
  BrandJobs: brandJobsAnswer([]),
};

/** The page has loaded, its tab says "{title} | Byline", and it sits in the shell. */
async function expectPage(title: string, heading: string | RegExp = title) {
  expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  // The title follows in an effect after the page paints (and after a guard's redirect).
  await waitFor(() => expect(document.title).toBe(`${title} | Byline`));
  expect(screen.getByRole('banner')).toBeTruthy();
  expect(screen.getByRole('contentinfo')).toBeTruthy();
}

/**
 * The sign-in pages move a signed-in visitor on (to returnTo, or to finish signing up), so
 * the signed-in walk below skips them; `auth` tests cover them, and the footer flag is
 * checked on /signin below.
 */
const signInPages = new Set(['/signin', '/signup', '/signup/username', '/reset-password']);

describe('route table', () => {
  it('declares every product route (and the few beyond them) with its title', () => {
    const table = Object.fromEntries(routeTable.map((entry) => [entry.path, entry.title]));
    expect(table).toEqual({ ...specRoutes, ...routesBeyondSpec });
  });

  it('loads every page lazily, so the first paint carries only the shell', () => {
    const pages = buildRoutes();
    expect(pages).toHaveLength(routeTable.length);
    for (const page of pages) {
      // A React.lazy component: its module is fetched on first render, not with the shell.
      expect((page.Component as unknown as { $$typeof: symbol }).$$typeof).toBe(Symbol.for('react.lazy'));
      expect(page.element).toBeUndefined();
    }
  });

  it.each(routeTable.filter((entry) => !signInPages.has(entry.path)).map((entry) => [sampleUrls[entry.path] ?? entry.path, entry.title] as const))(
    '%s shows the %s page',
    async (url, title) => {
      renderApp(url, admin);
      // The home page's heading is its pitch, a post's names its author ("Post by …");
      // every other page is headed by its title.
      // A profile is titled and headed by the person's name.
      if (title === 'Profile') return expectPage('Jane Doe (@janedoe)', 'Jane Doe');
      // A project is titled and headed by its name.
      if (title === 'Project') return expectPage('Spring campaign');
      // A blog post or help article is titled and headed by its own title.
      if (url === '/blog/how-crediting-works') return expectPage('How crediting works on Byline');
      if (url === '/help/api-tokens') return expectPage('API tokens');
      // A job is titled by its name and company; a company's jobs are headed by its name.
      if (title === 'Job') return expectPage('Video editor at Acme Studio', 'Video editor');
      if (url === '/acme/jobs') return expectPage('Jobs', 'Jobs at @acme');
      await expectPage(title, url === '/' ? /./ : title === 'Post' ? /^Post by / : title);
    },
  );

  it('serves both post address forms', async () => {
    renderApp('/posts/1234-janedoe-instagram', admin);
    await expectPage('Post', 'Post by Jane Doe');
  });

  it('shows the profile of a username without shadowing fixed routes', async () => {
    renderApp('/janedoe', admin);
    await expectPage('Jane Doe (@janedoe)', 'Jane Doe');
    expect(screen.getByText(/@janedoe/)).toBeTruthy();
  });

  it('replaces the footer with spacing where the route says hideFooter (the sign-in pages)', async () => {
    const hidden = routeTable.filter((entry) => entry.hideFooter).map((entry) => entry.path);
    expect(hidden).toEqual(['/signin', '/signup', '/signup/username', '/reset-password']);

    const { container } = renderApp('/signin', { ...admin, Viewer: viewerAnswer(null) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(document.title).toBe('Sign in | Byline');
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(container.querySelector('.footer-spacer')).toBeTruthy();
  });

  it('shows the not-found page to non-admins on admin pages', async () => {
    const { router } = renderApp('/admin/users', { ...admin, Viewer: viewerAnswer({ isAdmin: false }) });
    await expectPage('Page not found');
    expect(router.location.pathname).toBe('/404');
  });
});
