/**
 * Who may see which page (docs/product.md §Access): the one list of pages open to signed-out
 * visitors, and where everyone else is sent. The route table marks each route with
 * `isPublicRoute(path)`, so this file is the only place the list lives.
 */

/**
 * Route patterns (as written in `routes.tsx`) that signed-out visitors may see. Paths
 * containing signup or signout are exempt anyway, but signed-out visitors also need the home
 * page and the sign-in page (docs/product.md §Shell), a portfolio (profile) and its posts
 * must be shareable, and the content pages, password reset and not-found page are
 * meaningless behind a sign-up wall.
 */
export const PUBLIC_ROUTE_PATTERNS: readonly string[] = [
  '/',
  '/signin',
  '/reset-password',
  '/404',
  // Unknown paths show the not-found page to everyone.
  '*',
  '/blog',
  '/blog/:slug',
  '/help',
  '/help/:slug',
  '/downloads',
  '/about',
  '/contact',
  '/privacy',
  '/terms',
  // docs/product.md §Status: whether Byline works is most wanted by someone who cannot sign in.
  '/status',
  '/:username',
  '/posts/:postRef',
  // A public project opens like a profile (docs/product.md §Projects); a private one is not found for visitors.
  '/projects/:projectSlug/*',
  // A project invitation's claim link is read before signing up (docs/product.md §Projects); answering needs an account.
  '/projects/invitations/:token',
  // Jobs are public and their links are shared (docs/product.md §Jobs); applying needs an account.
  '/jobs',
  '/jobs/:jobSlug',
  '/:username/jobs',
  // Introspection is open to everyone, so the schema and its documentation are too; an
  // operation still answers only what the session or pasted token may see.
  '/developers/explorer',
];

/**
 * Routes where a signed-in user who has not acknowledged the terms may stay (docs/product.md
 * §Access sends them to /signup everywhere else): the public ones, the sign-up and sign-out
 * pages, and /settings, where sign-up is finished.
 */
const UNFINISHED_SIGN_UP_ROUTE_PATTERNS: readonly string[] = ['/signout', '/settings'];

export function isPublicRoute(pattern: string): boolean {
  return PUBLIC_ROUTE_PATTERNS.includes(pattern);
}

/** docs/product.md §Access: pages whose path contains signup or signout are exempt from the redirect. */
export function isExemptPath(pathname: string): boolean {
  return pathname.includes('signup') || pathname.includes('signout');
}

/**
 * docs/product.md §Access: `/signup?returnTo=…`, keeping the returnTo already in the query, else
 * the current path (with its query).
 */
export function signUpRedirect(pathname: string, search: string): string {
  const existing = new URLSearchParams(search).get('returnTo');
  const returnTo = existing || pathname + search;
  return `/signup?${new URLSearchParams({ returnTo }).toString()}`;
}

export interface PageAccess {
  /** The matched route's pattern, e.g. `/posts/:postRef`. */
  pattern: string;
  pathname: string;
}

/** Whether a signed-out visitor may see the page (else: sent to sign-up). */
export function signedOutMayView({ pattern, pathname }: PageAccess): boolean {
  return isPublicRoute(pattern) || isExemptPath(pathname);
}

/** Whether a signed-in user who has not acknowledged the terms may see the page (else: sent to sign-up). */
export function unfinishedSignUpMayView(page: PageAccess): boolean {
  return signedOutMayView(page) || UNFINISHED_SIGN_UP_ROUTE_PATTERNS.includes(page.pattern);
}
