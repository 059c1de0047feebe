import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccount, createPost, createUser } from '../server/src/test-support/factories.js';
import { routePatterns, seedForAxe, SIGNED_IN_USERNAME, type SeededAddresses } from './support/axe-routes.js';
import { appReady } from './support/pages.js';
import { useBrowser, useTestApp, VIEWPORTS } from './support/test-app.js';

/**
 * Every page is real (docs/product.md §Pages): every route of the client's route table (read from
 * the file, so a new route without an expectation here fails), opened signed out and signed in on
 * the demo data with a seeded item where the route needs one, shows its own heading and its own
 * words, not a placeholder. A private page signed out is the sign-up page with the address to
 * return to. The blog's feed parses as Atom with the index's posts. One tab at 1280 px, moved
 * through the app as its links do; the 375 px layouts are covered by each feature's own tests.
 */

vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 100 } } });

const desktop = VIEWPORTS.find((viewport) => viewport.name === 'desktop')!;

/** What a page shows: its one h1, words of its own in `main`, and where it lands when it moves on. */
interface Shows {
  h1: string;
  text: string;
  /** The path the page ends on when it is not the one asked for (a page that sends you on). */
  landsOn?: string;
}

/** The sign-up page a signed-out visitor is sent to from a private page (docs/product.md §Access). */
const SIGN_UP = 'sign up' as const;
type Expected = Shows | typeof SIGN_UP;

const LANDING: Shows = { h1: 'Credit the people behind the posts', text: 'Paste a link to a social-media post' };
const NOT_FOUND: Shows = { h1: 'Page not found', text: 'There is no page at this address.' };

/** Pages that show the same to everyone. */
const SAME_FOR_ALL: Record<string, Shows> = {
  '/jobs/:jobSlug': { h1: 'Photographer', text: 'Lisbon, Portugal' },
  '/posts/:postRef': { h1: 'Post by Byline Demo', text: 'View the original on' },
  '/projects/invitations/:token': { h1: 'Project invitation', text: 'That link is invalid or has expired.' },
  '/signin': { h1: 'Sign in', text: 'Sign in with Email' },
  '/reset-password': { h1: 'Reset password', text: 'we will send you a link to choose a new password' },
  '/blog': { h1: 'Blog', text: 'Building on Byline: the public API' },
  '/blog/:slug': { h1: 'Building on Byline: the public API', text: 'talk to the same GraphQL API' },
  '/help': { h1: 'Help Centre', text: 'Getting started and importing a post' },
  '/help/:slug': { h1: 'Getting started and importing a post', text: 'choose a username and bring your first post onto Byline' },
  '/downloads': { h1: 'Downloads', text: 'Get the Byline mobile app.' },
  '/about': { h1: 'About', text: 'tracking and crediting creative content' },
  '/contact': { h1: 'Contact', text: 'Write to the Byline team' },
  '/privacy': { h1: 'Privacy Policy', text: 'What we keep about you' },
  '/terms': { h1: 'Terms of Service', text: 'The agreement between you and Byline' },
  '/status': { h1: 'Status', text: 'Database' },
  '/developers/explorer': { h1: 'API explorer', text: 'Try Byline’s GraphQL API' },
  '/404': NOT_FOUND,
  '/:username/jobs': { h1: 'Jobs at Northwind Studio', text: 'The open jobs Northwind Studio is hiring for' },
  '/:username': { h1: 'Maya Okafor', text: '@maya.okafor' },
  '*': NOT_FOUND,
  // Signing out ends on the landing page, signed out.
  '/signout': { ...LANDING, landsOn: '/' },
};

const SIGNED_OUT: Record<string, Expected> = {
  ...SAME_FOR_ALL,
  '/': LANDING,
  '/jobs': { h1: 'Jobs', text: 'Work brands and teams are hiring for' },
  '/projects/:projectSlug/*': { h1: 'Spring campaign', text: 'For Northwind' },
  '/signup': { h1: 'Sign up', text: 'Sign up with Email' },
  // Choosing a username needs an account: a visitor signs in first.
  '/signup/username': { h1: 'Sign in', text: 'Sign in with Email', landsOn: '/signin' },
  ...Object.fromEntries(
    [
      '/explore',
      '/creators',
      '/teams',
      '/teams/:teamId',
      '/teams/:teamId/billing',
      '/teams/accept/:code',
      '/projects',
      '/invite',
      '/notifications',
      '/credits/claim/:token',
      '/visualmatch',
      '/manager',
      '/lists',
      '/lists/:listId',
      '/admin/users',
      '/admin/credit-reports',
      '/admin/events',
      '/admin/user-reports',
      '/admin/announcements',
      '/plans',
      '/settings',
      '/settings/accounts',
      '/settings/login',
      '/settings/notifications',
      '/messages',
      '/messages/:conversationId',
      '/profile',
    ].map((pattern) => [pattern, SIGN_UP]),
  ),
};

/** Signed in as the demo team's manager, made an admin. */
const SIGNED_IN: Record<string, Expected> = {
  ...SAME_FOR_ALL,
  '/': { h1: 'Dashboard', text: 'Your posts across networks' },
  '/explore': { h1: 'Explore', text: 'Explore posts across every network' },
  '/creators': { h1: 'Creators', text: 'Search for creators by role' },
  '/jobs': { h1: 'Jobs', text: 'Post a job' },
  '/jobs/:jobSlug': { h1: 'Photographer', text: 'Edit job' },
  '/teams': { h1: 'Teams', text: 'Your teams' },
  '/teams/:teamId': { h1: 'Northwind Studio', text: 'Members, managed accounts' },
  '/teams/:teamId/billing': { h1: 'Northwind Studio: billing', text: 'The Teams subscription, plan and seats' },
  '/teams/accept/:code': { h1: 'Accept invitation', text: 'You were invited to join a team' },
  '/posts/:postRef': { h1: 'Post by Byline Demo', text: 'Add to list' },
  '/projects': { h1: 'Projects', text: 'Your projects' },
  '/projects/:projectSlug/*': { h1: 'Spring campaign', text: 'Edit details' },
  // Someone signed in has nothing to sign up for: the dashboard.
  '/signup': { h1: 'Dashboard', text: 'Your posts across networks', landsOn: '/' },
  '/signup/username': { h1: 'Choose your username', text: 'Pick the username your profile lives at' },
  '/invite': { h1: 'Invite a friend', text: 'Up to 20 invitations a day.' },
  '/notifications': { h1: 'Notifications', text: 'Updates about your posts' },
  '/credits/claim/:token': { h1: 'Claim your credit', text: 'That link is invalid or has expired.' },
  '/visualmatch': { h1: 'Visual Match AI', text: 'Find posts whose pictures look like yours' },
  '/manager': { h1: 'Content Manager', text: 'Every post you track' },
  '/lists': { h1: 'Lists', text: 'Shortlist' },
  '/lists/:listId': { h1: 'Shortlist', text: 'Maya Okafor' },
  '/admin/users': { h1: 'Admin users', text: 'Find any account' },
  '/admin/credit-reports': { h1: 'Credit reports', text: 'Credits members reported as wrong' },
  '/admin/events': { h1: 'Events', text: 'Sports Summit 26' },
  '/admin/user-reports': { h1: 'Reported people', text: 'People members reported' },
  '/admin/announcements': { h1: 'Announcements', text: 'Write product news, preview it' },
  '/messages': { h1: 'Messages', text: 'Choose a conversation to read it.' },
  '/messages/:conversationId': { h1: 'Messages', text: 'Loved the Lisbon shoot' },
  '/settings/notifications': { h1: 'Notification settings', text: 'Choose how each kind of notification reaches you.' },
  '/plans': { h1: 'Plans', text: 'The free tier, PRO, the Teams subscription' },
  '/settings': { h1: 'Settings', text: 'Your profile and your account.' },
  '/settings/accounts': { h1: 'Connected accounts', text: 'The social accounts connected to your profile.' },
  '/settings/login': { h1: 'Add a login method', text: 'Your login methods' },
  '/profile': { h1: 'Lena Fischer', text: `@${SIGNED_IN_USERNAME}` },
};

/** The addresses beyond one per route: a public project's tabs and the seeded event's page. */
function extraExpectation(path: string, signedIn: boolean): Shows {
  if (path === '/sportssummit26') return { h1: 'Sports Summit 26', text: 'Credited at this event' };
  const tab = path.split('/').pop();
  if (tab === 'concepts') return { h1: 'Spring campaign', text: signedIn ? 'Add to the board' : 'No concepts yet.' };
  if (tab === 'deliverables') return { h1: 'Spring campaign', text: 'No deliverables yet.' };
  // Costs are for the project's owners and editors: everyone else is told the page is not there.
  if (tab === 'costs') return signedIn ? { h1: 'Spring campaign', text: 'Download CSV' } : NOT_FOUND;
  if (tab === 'collaborators') return { h1: 'Spring campaign', text: 'Maya Okafor' };
  throw new Error(`no expectation for the extra address ${path}`);
}

/** Goes to `path` as the app's own links do (history and popstate, which the router follows). */
async function navigateInApp(page: Page, path: string): Promise<void> {
  // A string, evaluated in the page: the e2e files are type-checked without the DOM library.
  await page.evaluate(`history.pushState(null, '', ${JSON.stringify(path)}); dispatchEvent(new PopStateEvent('popstate'))`);
}

/** The page's own words: the text of `main`. */
async function mainText(page: Page): Promise<string> {
  return page.locator('main').innerText();
}

/** Checks that `path`, just opened, shows what `expected` says, and names the route in any failure. */
async function expectPage(page: Page, route: string, path: string, expected: Expected): Promise<void> {
  const shows: Shows = expected === SIGN_UP ? { h1: 'Sign up', text: 'Sign up with Email', landsOn: '/signup' } : expected;
  const where = `${route} (${path})`;
  // Where the page ends and its heading, waited for together: two private pages in a row both show
  // the sign-up page, so only the address (and the one to return to) tells the second has opened.
  const arrival = async () => {
    const landed = new URL(page.url());
    return { path: landed.pathname, returnTo: landed.searchParams.get('returnTo'), h1: await page.locator('h1').allInnerTexts() };
  };
  const arrived = { path: shows.landsOn ?? path, h1: [shows.h1], ...(expected === SIGN_UP ? { returnTo: path } : {}) };
  await expect.poll(arrival, { message: `${where}: where it ends and its heading` }).toMatchObject(arrived);
  await expect.poll(() => mainText(page), { message: `${where}: its words` }).toContain(shows.text);
  expect(await mainText(page), `${where}: a placeholder`).not.toMatch(/coming soon/i);
}

/** One pass over every route: the first page is a full load, the rest are reached inside the app. */
async function walkEveryRoute(page: Page, seeded: SeededAddresses, expectations: Record<string, Expected>, signedIn: boolean): Promise<void> {
  const patterns = routePatterns().filter((pattern) => pattern !== '/signout');
  for (const pattern of patterns) {
    const path = seeded.addressOf[pattern]!;
    await navigateInApp(page, path);
    await expectPage(page, pattern, path, expectations[pattern]!);
  }
  for (const path of seeded.extraPaths) {
    await navigateInApp(page, path);
    await expectPage(page, path, path, extraExpectation(path, signedIn));
  }
  // Last: signing out ends the signed-in pass.
  await navigateInApp(page, seeded.addressOf['/signout']!);
  await expectPage(page, '/signout', '/signout', expectations['/signout']!);
}

describe('every route shows its own page', () => {
  const app = useTestApp();
  const browser = useBrowser(desktop);
  let seeded: SeededAddresses;

  beforeAll(async () => {
    seeded = await seedForAxe(app.orm.em.fork());
  }, 120_000);

  it('has an expectation, signed out and signed in, for every route of the route table, and none for a route that is gone', () => {
    const patterns = routePatterns();
    for (const pattern of patterns) {
      expect(SIGNED_OUT[pattern], `signed out: ${pattern}`).toBeDefined();
      expect(SIGNED_IN[pattern], `signed in: ${pattern}`).toBeDefined();
      expect(seeded.addressOf[pattern], `an address for ${pattern}`).toBeDefined();
    }
    expect(Object.keys(SIGNED_OUT).filter((pattern) => !patterns.includes(pattern))).toEqual([]);
    expect(Object.keys(SIGNED_IN).filter((pattern) => !patterns.includes(pattern))).toEqual([]);
  });

  it('shows each page signed out: its own heading and words, or the sign-up page for a private one', async () => {
    const page = await app.openAs(browser, null, '/');
    try {
      await walkEveryRoute(page, seeded, SIGNED_OUT, false);
    } finally {
      await page.close();
    }
  }, 300_000);

  it('shows each page signed in: its own heading and words', async () => {
    const page = await app.openAs(browser, { id: seeded.viewerId }, '/');
    try {
      await walkEveryRoute(page, seeded, SIGNED_IN, true);
    } finally {
      await page.close();
    }
  }, 300_000);

  it('answers 410 with the not-found page for a deleted account, and 410 for a post deleted from its network, which keeps its page, signed out and in', async () => {
    const em = app.orm.em.fork();
    const leaving = await createUser(em);
    const handle = `festival_${seeded.viewerId}_${Date.now()}`;
    const account = await createAccount(em, undefined, handle);
    const gonePost = await createPost(em, { account, createdBy: leaving, caption: 'Shot on the last day of the festival' });
    gonePost.isDeleted = true;
    await em.flush();
    const session = await app.sessionFor(leaving);
    const deleted = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.accessToken}` },
      body: JSON.stringify({ query: 'mutation { deleteAccount(input: { confirm: true }) { deletedUserId } }' }),
    });
    expect(((await deleted.json()) as { errors?: unknown }).errors).toBeUndefined();

    // Someone of their own for the signed-in look: the walk above ends by signing its viewer out.
    const visitor = await createUser(em);
    for (const person of [null, visitor]) {
      await app.signIn(browser, person);
      const page = await browser.context.newPage();
      try {
        // A full load each: the status is the one the browser's navigation got.
        const account = await page.goto(`${app.url}/${leaving.username}`);
        await appReady(page);
        expect(account?.status()).toBe(410);
        await expect.poll(() => page.getByRole('link', { name: 'Your profile' }).count()).toBe(person ? 1 : 0);
        await expectPage(page, 'a deleted account', `/${leaving.username}`, NOT_FOUND);
        const post = await page.goto(`${app.url}/posts/${gonePost.id}`);
        await appReady(page);
        expect(post?.status()).toBe(410);
        await expectPage(page, 'a deleted post', `/posts/${gonePost.id}`, { h1: `Post by ${handle}`, text: 'its credits stay here' });
      } finally {
        await page.close();
      }
    }
  });

  it('serves the feed the blog links to as Atom, with the index’s posts as its entries', async () => {
    const page = await app.openAs(browser, null, '/blog');
    try {
      const feedHref = await page.locator('head link[rel="alternate"][type="application/atom+xml"]').first().getAttribute('href');
      const feed = await page.request.get(new URL(feedHref ?? '', app.url).href);
      expect(feed.status()).toBe(200);
      expect(feed.headers()['content-type']).toMatch(/^application\/atom\+xml/);
      // Parsed by the browser's own XML parser: a malformed feed has a parsererror and no feed root.
      const parsed = (await page.evaluate(`(() => {
        const doc = new DOMParser().parseFromString(${JSON.stringify(await feed.text())}, 'application/xml');
        const atom = 'http://www.w3.org/2005/Atom';
        const child = (node, name) => Array.from(node.children).find((element) => element.namespaceURI === atom && element.localName === name);
        return {
          errors: doc.getElementsByTagName('parsererror').length,
          root: doc.documentElement.localName,
          namespace: doc.documentElement.namespaceURI,
          title: child(doc.documentElement, 'title')?.textContent ?? null,
          updated: child(doc.documentElement, 'updated')?.textContent ?? null,
          entries: Array.from(doc.documentElement.children).filter((element) => element.localName === 'entry').map((entry) => ({
            title: child(entry, 'title')?.textContent ?? null,
            id: child(entry, 'id')?.textContent ?? null,
            updated: child(entry, 'updated')?.textContent ?? null,
            link: child(entry, 'link')?.getAttribute('href') ?? null,
          })),
        };
      })()`)) as {
        errors: number;
        root: string;
        namespace: string | null;
        title: string | null;
        updated: string | null;
        entries: Array<{ title: string | null; id: string | null; updated: string | null; link: string | null }>;
      };
      expect(parsed).toMatchObject({ errors: 0, root: 'feed', namespace: 'http://www.w3.org/2005/Atom' });
      expect(parsed.title).toBeTruthy();
      expect(Number.isNaN(Date.parse(parsed.updated ?? ''))).toBe(false);
      expect(parsed.entries.length).toBeGreaterThan(0);
      for (const entry of parsed.entries) {
        expect(entry.id, JSON.stringify(entry)).toBeTruthy();
        expect(Number.isNaN(Date.parse(entry.updated ?? '')), JSON.stringify(entry)).toBe(false);
        expect(new URL(entry.link ?? '', app.url).pathname, JSON.stringify(entry)).toMatch(/^\/blog\/[a-z0-9-]+$/);
      }
      // The feed's entries are the posts the index lists, by title.
      const indexed = await page.locator('main').getByRole('heading', { level: 2 }).allInnerTexts();
      expect(parsed.entries.map((entry) => entry.title).sort()).toEqual([...indexed].sort());
    } finally {
      await page.close();
    }
  });
});
