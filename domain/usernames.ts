/**
 * Which usernames may be chosen (docs/product.md §Sign-in, plus the names we must keep free). A
 * profile lives at /{username}, so a username equal to the first segment of one of our own paths
 * would be shadowed by that page (or shadow it): those names are reserved, compared
 * case-insensitively.
 */
import * as MESSAGES from './messages.js';
import { validateUsername } from './validation.js';

/** First path segments of the client routes (docs/product.md §Pages); keep in step with client/src/shell/routes.tsx. */
const CLIENT_ROUTE_SEGMENTS = [
  'explore',
  'creators',
  'jobs',
  'teams',
  'posts',
  'projects',
  'signin',
  'signup',
  'signout',
  'reset-password',
  'invite',
  'notifications',
  'visualmatch',
  'manager',
  'lists',
  'admin',
  'plans',
  'settings',
  'blog',
  'downloads',
  'about',
  'contact',
  'privacy',
  'terms',
  '404',
  'profile',
] as const;

/** Paths the server answers itself, files served at the root, and names that would mislead. */
const SYSTEM_NAMES = [
  'api',
  'graphql',
  'media',
  'assets',
  'static',
  'public',
  'help',
  'support',
  'status',
  'byline',
  'root',
  'null',
  'undefined',
  'nan',
  'admins',
  'administrator',
  'moderator',
  'system',
  'staff',
  'team',
  'me',
  'user',
  'users',
  'auth',
  'login',
  'logout',
  'index.html',
  'favicon.ico',
  'robots.txt',
  'sitemap.xml',
  'manifest.json',
  'security.txt',
  '.well-known',
  'www',
  'mail',
  'billing',
  'business',
  'search',
  'track',
  'merch',
  'store',
  // Relative path segments: /. and /.. are not profile addresses.
  '.',
  '..',
] as const;

const RESERVED = new Set<string>([...CLIENT_ROUTE_SEGMENTS, ...SYSTEM_NAMES].map((name) => name.toLowerCase()));

export function isReservedUsername(username: string): boolean {
  return RESERVED.has(username.trim().toLowerCase());
}

/**
 * What is wrong with a username someone wants, or null when it may be taken (if free).
 * Surrounding spaces are ignored: they are never part of a username. Emptiness gets its
 * own message; the two messages of docs/product.md §Sign-in come next; reserved names last.
 */
export function usernameProblem(username: string): string | null {
  const wanted = username.trim();
  if (wanted === '') return MESSAGES.usernameRequired;
  const ruleBroken = validateUsername(wanted);
  if (ruleBroken) return ruleBroken;
  return isReservedUsername(wanted) ? MESSAGES.usernameReserved : null;
}
