import { lazy, type ComponentType } from 'react';
import { createMatcher, type RouteObject, type RouterOptions } from '@router';
import { isPublicRoute } from './access';
import { AppLayout } from './AppLayout';
import { RouteError } from './RouteError';

type PageModule = { default: ComponentType };

/** One screen of docs/product.md §Pages: where it lives, what its tab says, and its lazily loaded page. */
export interface RouteEntry {
  path: string;
  title: string;
  page: () => Promise<PageModule>;
  /** The footer flag (docs/product.md §Shell): the footer gives way to plain spacing (the sign-in pages). */
  hideFooter?: boolean;
}

/** What the shell reads from the matched route (`useRouteHandle`). */
export interface RouteHandle {
  title: string;
  /** The route's pattern, e.g. `/posts/:postRef`. */
  path: string;
  /** Open to signed-out visitors (the list lives in `access.ts`). */
  public: boolean;
  hideFooter: boolean;
}

/**
 * Every route of the product (docs/product.md §Pages). Fixed paths always outrank the `/:username`
 * profile route because the router ranks static segments above dynamic ones.
 * Each page is its own chunk, so the first paint carries only the shell.
 */
export const routeTable: readonly RouteEntry[] = [
  { path: '/', title: 'Home', page: () => import('@features/home/HomePage') },
  { path: '/explore', title: 'Explore', page: () => import('@features/explore/ExplorePage') },
  { path: '/creators', title: 'Creators', page: () => import('@features/creators/CreatorsPage') },
  { path: '/jobs', title: 'Jobs', page: () => import('@features/jobs/JobsPage') },
  // {publicId}~{accountSlug}-{nameSlug}
  { path: '/jobs/:jobSlug', title: 'Job', page: () => import('@features/jobs/JobPage') },
  { path: '/teams', title: 'Teams', page: () => import('@features/teams/TeamsPage') },
  { path: '/teams/:teamId', title: 'Team', page: () => import('@features/teams/TeamPage') },
  { path: '/teams/:teamId/billing', title: 'Team billing', page: () => import('@features/teams/TeamBillingPage') },
  { path: '/teams/accept/:code', title: 'Accept invitation', page: () => import('@features/teams/AcceptInvitationPage') },
  // {postId} or {id}-{account}-{network}
  { path: '/posts/:postRef', title: 'Post', page: () => import('@features/posts/PostPage') },
  { path: '/projects', title: 'Projects', page: () => import('@features/projects/ProjectsPage') },
  // The link mailed to someone invited into a project before they were on Byline; public (docs/product.md §Projects).
  { path: '/projects/invitations/:token', title: 'Project invitation', page: () => import('@features/projects/ProjectInvitationClaimPage') },
  // {publicId}~{slug}, with an optional sub path
  { path: '/projects/:projectSlug/*', title: 'Project', page: () => import('@features/projects/ProjectPage') },
  { path: '/signin', title: 'Sign in', page: () => import('@features/auth/SignInPage'), hideFooter: true },
  { path: '/signup', title: 'Sign up', page: () => import('@features/auth/SignUpPage'), hideFooter: true },
  { path: '/signup/username', title: 'Choose username', page: () => import('@features/auth/ChooseUsernamePage'), hideFooter: true },
  { path: '/signout', title: 'Sign out', page: () => import('@features/auth/SignOutPage') },
  { path: '/reset-password', title: 'Reset password', page: () => import('@features/auth/ResetPasswordPage'), hideFooter: true },
  { path: '/invite', title: 'Invite a friend', page: () => import('@features/invite/InvitePage') },
  { path: '/notifications', title: 'Notifications', page: () => import('@features/notifications/NotificationsPage') },
  { path: '/messages', title: 'Messages', page: () => import('@features/messages/MessagesPage') },
  { path: '/messages/:conversationId', title: 'Messages', page: () => import('@features/messages/MessagesPage') },
  // The link mailed (or shared) to someone credited before they were on Byline; not public (docs/product.md §Access).
  { path: '/credits/claim/:token', title: 'Claim your credit', page: () => import('@features/credits/CreditClaimPage') },
  { path: '/visualmatch', title: 'Visual Match AI', page: () => import('@features/visualmatch/VisualMatchPage') },
  { path: '/manager', title: 'Content Manager', page: () => import('@features/manager/ContentManagerPage') },
  { path: '/lists', title: 'Lists', page: () => import('@features/lists/ListsPage') },
  { path: '/lists/:listId', title: 'List', page: () => import('@features/lists/ListPage') },
  { path: '/admin/users', title: 'Admin users', page: () => import('@features/admin/AdminUsersPage') },
  { path: '/admin/credit-reports', title: 'Credit reports', page: () => import('@features/admin/CreditReportsPage') },
  { path: '/admin/user-reports', title: 'Reported people', page: () => import('@features/admin/UserReportsPage') },
  { path: '/admin/events', title: 'Events', page: () => import('@features/admin/AdminEventsPage') },
  { path: '/admin/announcements', title: 'Announcements', page: () => import('@features/admin/AnnouncementsPage') },
  { path: '/plans', title: 'Plans', page: () => import('@features/plans/PlansPage') },
  { path: '/settings', title: 'Settings', page: () => import('@features/settings/SettingsPage') },
  { path: '/settings/accounts', title: 'Connected accounts', page: () => import('@features/settings/ConnectedAccountsPage') },
  { path: '/settings/login', title: 'Add a login method', page: () => import('@features/settings/AddLoginMethodPage') },
  { path: '/settings/notifications', title: 'Notification settings', page: () => import('@features/settings/notifications/NotificationSettingsPage') },
  { path: '/blog', title: 'Blog', page: () => import('@features/content/BlogPage') },
  { path: '/blog/:slug', title: 'Blog', page: () => import('@features/content/BlogPostPage') },
  { path: '/help', title: 'Help Centre', page: () => import('@features/content/HelpPage') },
  { path: '/help/:slug', title: 'Help Centre', page: () => import('@features/content/HelpArticlePage') },
  { path: '/downloads', title: 'Downloads', page: () => import('@features/content/DownloadsPage') },
  { path: '/about', title: 'About', page: () => import('@features/content/AboutPage') },
  { path: '/contact', title: 'Contact', page: () => import('@features/content/ContactPage') },
  { path: '/privacy', title: 'Privacy Policy', page: () => import('@features/content/PrivacyPage') },
  { path: '/terms', title: 'Terms of Service', page: () => import('@features/content/TermsPage') },
  { path: '/status', title: 'Status', page: () => import('@features/content/StatusPage') },
  // GraphiQL for integrators, served by Byline itself (footer: Developers).
  { path: '/developers/explorer', title: 'API explorer', page: () => import('@features/developers/ApiExplorerPage') },
  { path: '/404', title: 'Page not found', page: () => import('./NotFoundPage') },
  { path: '/profile', title: 'Profile', page: () => import('@features/profile/ProfilePage') },
  // A company's open jobs (docs/product.md §Jobs); its static second segment outranks nothing else.
  { path: '/:username/jobs', title: 'Jobs', page: () => import('@features/jobs/BrandJobsPage') },
  // A profile, or an event's page when no one has the name (docs/product.md §Events).
  { path: '/:username', title: 'Profile', page: () => import('@features/profile/ProfilePage') },
  { path: '*', title: 'Page not found', page: () => import('./NotFoundPage') },
];

const lazyPages = new WeakMap<RouteEntry, ComponentType>();

/**
 * The page as a React.lazy component, made once per entry. React.lazy (rather than the
 * route's `lazy`) lets the shell render at once while the page's chunk loads.
 */
function lazyPage(entry: RouteEntry): ComponentType {
  let page = lazyPages.get(entry);
  if (!page) {
    page = lazy(entry.page);
    lazyPages.set(entry, page);
  }
  return page;
}

/** Pages whose code is already loaded, used as they are instead of through React.lazy. */
export type PreloadedPages = ReadonlyMap<RouteEntry, ComponentType>;

/**
 * Loads the page for `pathname` before the first render. A server-rendered page is rendered, and
 * then hydrated, with its page in place: through React.lazy it would suspend once on each side.
 */
export async function preloadPageFor(pathname: string, table: readonly RouteEntry[] = routeTable): Promise<PreloadedPages> {
  const entry = createMatcher(table)(pathname)?.route;
  if (!entry) return new Map();
  const page = await entry.page();
  return new Map([[entry, page.default]]);
}

/** The route table as the router's route objects; each page's handle says what the shell needs. */
export function buildRoutes(table: readonly RouteEntry[] = routeTable, preloaded: PreloadedPages = new Map()): RouteObject<RouteHandle>[] {
  return table.map((entry) => ({
    path: entry.path,
    handle: {
      title: entry.title,
      path: entry.path,
      public: isPublicRoute(entry.path),
      hideFooter: entry.hideFooter ?? false,
    },
    Component: preloaded.get(entry) ?? lazyPage(entry),
    preload: entry.page,
  }));
}

/**
 * The shared layout around every page (docs/product.md §Shell). A page that fails (or whose chunk
 * fails to load) shows the error inside the top bar and footer; a failing layout shows it alone.
 */
export const APP_FRAME: RouterOptions = { layout: AppLayout, ErrorBoundary: RouteError };
