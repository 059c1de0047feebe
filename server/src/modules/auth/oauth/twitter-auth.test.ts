import { afterAll, describe, expect, it } from 'vitest';
import * as MESSAGES from '../../../../../domain/messages.js';
import { createSession, createUser, uniqueSuffix } from '../../../test-support/factories.js';
import { freePort } from '../../../test-support/free-port.js';
import { queryRows } from '../../../test-support/sql.js';
import { TestBrowser } from '../../../test-support/test-browser.js';
import { useTestServer } from '../../../test-support/test-server.js';
import { linkFromAuthorizePage, oauth1Signature, startTwitterOAuthServer, twitterTestConfig, type TwitterTestUser } from '../../../test-support/twitter-oauth-server.js';
import { SESSION_COOKIE } from '../../../http/session-cookie-names.js';

const twitter = await startTwitterOAuthServer();
const port = await freePort();
const env = useTestServer({ port, publicUrl: `http://localhost:${port}`, authAttemptsPerIp: 10_000, ...twitterTestConfig(twitter) });
afterAll(() => twitter.stop());

/** The access token of a real signed-in session of `userId` (link mode needs one). */
async function sessionToken(userId: number): Promise<string> {
  return (await createSession(env.server.orm.em.fork(), env.server.config, userId)).accessToken;
}

function twitterUser(fields: Partial<TwitterTestUser> = {}): TwitterTestUser {
  const suffix = uniqueSuffix();
  return { id: String(1_000_000 + Math.floor(Math.random() * 1e9)), screen_name: `tw_${suffix}`, name: `Tweeter ${suffix}`, email: null, ...fields };
}

const isAppPage = (url: URL) => url.origin === env.server.url && !url.pathname.startsWith('/api/');

/**
 * Starts Twitter sign-in, opens Twitter's authorization page, clicks "Authorize app" (or
 * "Cancel") and follows the way back to the page of the app it lands on.
 */
async function signInWithTwitter(browser: TestBrowser, query: string, choice: 'authorize' | 'cancel' = 'authorize') {
  const toTwitter = await browser.follow(`${env.server.url}/api/auth/twitter${query}`, { stopAt: isAppPage });
  if (!toTwitter.response) return toTwitter;
  expect(toTwitter.url.href.startsWith(twitter.authorizeUrl)).toBe(true);
  const page = await toTwitter.response.text();
  return browser.follow(linkFromAuthorizePage(page, choice), { stopAt: isAppPage });
}

async function sessionUserId(browser: TestBrowser): Promise<number | null> {
  const response = await browser.fetch(`${env.server.url}/api/auth`);
  return response.status === 200 ? ((await response.json()) as { data: { id: number } }).data.id : null;
}

function credentialOwner(providerUserId: string): Promise<Array<{ user_id: number }>> {
  return queryRows(env.database.url, `select user_id from login_credentials where provider = 'twitter' and provider_user_id = $1`, [providerUserId]);
}

describe('Twitter sign-in', () => {
  it('runs the signed OAuth 1.0a flow end to end: account, login, session, then the username page', async () => {
    const person = twitterUser();
    twitter.setNextUser(person);
    const browser = new TestBrowser();
    const refusedBefore = twitter.refusedRequests();

    const { url } = await signInWithTwitter(browser, `?next=/jobs&username=@${person.screen_name}&errorTo=/signin`);

    expect(twitter.lastScreenNameHint()).toBe(person.screen_name);
    expect(url.pathname).toBe('/signup/username');
    expect(Object.fromEntries(url.searchParams)).toEqual({ returnTo: '/jobs', welcome: '1' });
    const userId = await sessionUserId(browser);
    expect(await credentialOwner(person.id)).toEqual([{ user_id: userId }]);
    const [user] = await queryRows<{ name: string; email: string | null }>(env.database.url, 'select name, email from users where id = $1', [userId]);
    expect(user).toEqual({ name: person.name, email: null });
    expect(twitter.refusedRequests()).toBe(refusedBefore);
    expect(browser.cookie(env.server.url, 'byline_oauth_twitter')).toBeNull();

    // Again: the same account, straight to `next` once it has a username.
    await queryRows(env.database.url, 'update users set username = $1 where id = $2', [`t_${uniqueSuffix()}`, userId]);
    const again = new TestBrowser();
    const second = await signInWithTwitter(again, '?next=/jobs');
    expect(second.url.pathname).toBe('/jobs');
    expect(await sessionUserId(again)).toBe(userId);
  });

  it('joins the account that has the address Twitter vouches for', async () => {
    const existing = await createUser(env.server.orm.em.fork());
    const person = twitterUser({ email: existing.email!.toUpperCase() });
    twitter.setNextUser(person);
    const browser = new TestBrowser();

    const { url } = await signInWithTwitter(browser, '?next=/explore');

    expect(url.pathname).toBe('/explore');
    expect(await sessionUserId(browser)).toBe(existing.id);
    expect(await credentialOwner(person.id)).toEqual([{ user_id: existing.id }]);
  });

  it('honours next and errorTo only when they are paths of this site, and passes only real handles as hints', async () => {
    twitter.setNextUser(twitterUser());
    const offSite = await signInWithTwitter(new TestBrowser(), `?next=${encodeURIComponent('https://evil.example/')}&username=${encodeURIComponent('<script>')}`);
    expect(offSite.url.origin).toBe(env.server.url);
    expect(twitter.lastScreenNameHint()).toBeNull();

    const cancelled = await signInWithTwitter(new TestBrowser(), '?next=/jobs&errorTo=/signin/oops', 'cancel');
    expect(`${cancelled.url.pathname}${cancelled.url.search}`).toBe('/signin/oops');

    const cancelledOffSite = await signInWithTwitter(new TestBrowser(), `?next=/jobs&errorTo=${encodeURIComponent('//evil.example')}`, 'cancel');
    expect(cancelledOffSite.url.origin).toBe(env.server.url);
    expect(`${cancelledOffSite.url.pathname}${cancelledOffSite.url.search}`).toBe('/signin?returnTo=%2Fjobs');

    // A path of this site on its face that a URL parser reads as `//evil.example`.
    const dotSegments = await signInWithTwitter(new TestBrowser(), `?next=/jobs&errorTo=${encodeURIComponent('/.//evil.example')}`, 'cancel');
    expect(dotSegments.url.origin).toBe(env.server.url);
    expect(`${dotSegments.url.pathname}${dotSegments.url.search}`).toBe('/signin?returnTo=%2Fjobs');
  });

  it('fails cleanly, to errorTo, when Twitter refuses our signature (a wrong consumer secret)', async () => {
    const refusedBefore = twitter.refusedRequests();
    twitter.rotateConsumerSecret('regenerated-at-twitter');
    try {
      const browser = new TestBrowser();
      const { url } = await browser.follow(`${env.server.url}/api/auth/twitter?next=/jobs&errorTo=/signin`, { stopAt: isAppPage });
      expect(url.pathname).toBe('/signin');
      expect(url.searchParams.get('error')).toBe(MESSAGES.somethingWentWrong);
      expect(twitter.refusedRequests()).toBe(refusedBefore + 1);
      expect(await sessionUserId(browser)).toBeNull();
    } finally {
      twitter.rotateConsumerSecret(twitter.consumerSecret);
    }
  });

  it('refuses a callback for a request token this browser did not get', async () => {
    twitter.setNextUser(twitterUser());
    const victim = new TestBrowser();
    const toTwitter = await victim.follow(`${env.server.url}/api/auth/twitter?errorTo=/signin`, { stopAt: isAppPage });
    const callback = linkFromAuthorizePage(await toTwitter.response!.text(), 'authorize');

    const attacker = new TestBrowser();
    const { url } = await attacker.follow(callback, { stopAt: isAppPage });
    expect(url.searchParams.get('error')).toBe(MESSAGES.somethingWentWrong);
    expect(await sessionUserId(attacker)).toBeNull();
  });

  it('links Twitter to the signed-in account, refusing an account linked elsewhere with the Twitter wording', async () => {
    const em = env.server.orm.em.fork();
    const [owner, other] = [await createUser(em), await createUser(em)];
    const person = twitterUser();
    twitter.setNextUser(person);

    const ownerBrowser = new TestBrowser();
    ownerBrowser.setCookie(env.server.url, SESSION_COOKIE, await sessionToken(owner.id));
    const linked = await signInWithTwitter(ownerBrowser, '?link=1');
    expect(linked.url.pathname).toBe('/settings/login');
    expect(await credentialOwner(person.id)).toEqual([{ user_id: owner.id }]);

    const otherBrowser = new TestBrowser();
    otherBrowser.setCookie(env.server.url, SESSION_COOKIE, await sessionToken(other.id));
    const refused = await signInWithTwitter(otherBrowser, '?link=1&next=/settings/login');
    expect(refused.url.searchParams.get('error')).toBe(MESSAGES.twitterAlreadyLinked);
    expect(await credentialOwner(person.id)).toEqual([{ user_id: owner.id }]);
  });
});

describe('the local Twitter', () => {
  it('signs exactly like Twitter documents (HMAC-SHA1 known answer)', () => {
    // The worked example of Twitter's "Creating a signature" guide.
    const signature = oauth1Signature(
      'POST',
      'https://api.twitter.com/1.1/statuses/update.json',
      [
        ['status', 'Hello Ladies + Gentlemen, a signed OAuth request!'],
        ['include_entities', 'true'],
        ['oauth_consumer_key', 'xvz1evFS4wEEPTGEFPHBog'],
        ['oauth_nonce', 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg'],
        ['oauth_signature_method', 'HMAC-SHA1'],
        ['oauth_timestamp', '1318622958'],
        ['oauth_token', '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb'],
        ['oauth_version', '1.0'],
      ],
      'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
      'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
    );
    expect(signature).toBe('hCtSmYh+iHYCEqBWrE7C7hYmtUk=');
  });

  it('refuses an unsigned request', async () => {
    const refusedBefore = twitter.refusedRequests();
    const response = await fetch(twitter.requestTokenUrl, { method: 'POST', headers: { authorization: `OAuth oauth_consumer_key="${twitter.consumerKey}"` } });
    expect(response.status).toBe(401);
    expect(twitter.refusedRequests()).toBe(refusedBefore + 1);
  });
});
