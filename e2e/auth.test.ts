import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import * as MESSAGES from '../domain/messages.js';
import { hashPassword } from '../server/src/modules/auth/index.js';
import { createLoginCredential, createUser, uniqueSuffix } from '../server/src/test-support/factories.js';
import { googleOAuth, mailCapture } from './support/dependencies.js';
import { useBrowser, useTestApp } from './support/test-app.js';

/**
 * Accounts in a real browser against the built app, a real database, a real SMTP server
 * (codes and links are read from the mails the app sent) and a local Google.
 */
const mailbox = mailCapture();
const localGoogle = googleOAuth();
// Every test here signs in several times from the one local address.
const app = useTestApp({ dependsOn: [mailbox.start, localGoogle.start], env: { AUTH_ATTEMPTS_PER_IP: '1000' } });
const browser = useBrowser({ name: 'desktop', width: 1280, height: 800 });

beforeEach(async () => {
  await browser.context.clearCookies();
});

/** A finished account that signs in with email and password (verified address). */
async function emailUser(password: string) {
  const em = app.orm.em.fork();
  const suffix = uniqueSuffix();
  const email = `member.${suffix}@example.test`;
  const user = await createUser(em, { email, username: `member_${suffix}`, termsAcknowledgedAt: new Date() });
  const credential = await createLoginCredential(em, user, { provider: 'email', providerUserId: email, emailVerifiedAt: new Date() });
  credential.passwordHash = await hashPassword(password);
  await em.flush();
  return { email, username: user.username! };
}

const text = (page: Page, wanted: string) => page.getByText(wanted, { exact: true });
const topBar = (page: Page) => page.getByRole('banner');

/** The link in a mail's plain text (codes and links are read from what the app really sent). */
function linkIn(mailText: string): string {
  const link = mailText.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in the mail: ${mailText}`);
  return link;
}

async function pathOf(page: Page): Promise<string> {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** Initial step: the email, then Next (enabled once the development captcha passed). */
async function submitEmail(page: Page, email: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
}

async function signInWithPassword(page: Page, email: string, password: string, returnTo: string) {
  await page.goto(`${app.url}/signin?returnTo=${encodeURIComponent(returnTo)}`);
  await submitEmail(page, email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe(returnTo);
  await topBar(page).getByRole('link', { name: 'Your profile' }).waitFor();
}

async function signOut(page: Page) {
  await page.goto(`${app.url}/signout`);
  await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/');
  await topBar(page).getByRole('link', { name: 'Sign In' }).waitFor();
}

describe('email accounts', () => {
  it('signs up with the mailed code, chooses a username, signs out and signs in with the password', async () => {
    const page = await browser.context.newPage();
    const email = `new.${uniqueSuffix()}@example.test`;
    const password = 'violet-harbor-42';

    await page.goto(`${app.url}/signup?returnTo=%2Fexplore`);
    await page.getByRole('heading', { name: 'Sign up with Email' }).waitFor();
    await submitEmail(page, email);
    await text(page, MESSAGES.codeSent).waitFor();
    const mail = await mailbox.server.waitForMail(email, { subject: /code/i });
    const code = mail.text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    await page.getByLabel('Verification code').fill(code!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByLabel('Retype password').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Retype password').fill(password);
    await page.getByRole('checkbox', { name: /I certify/ }).check();
    await page.getByRole('button', { name: 'Submit' }).click();

    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/signup/username?returnTo=%2Fexplore&welcome=1');
    await page.getByRole('heading', { name: 'Welcome to Byline!' }).waitFor();
    const username = page.getByLabel('Username');
    await username.fill('a'.repeat(30));
    await text(page, MESSAGES.usernameTooLong).waitFor();
    await username.fill('maya lin!');
    await text(page, MESSAGES.usernameInvalidCharacters).waitFor();
    const chosen = `maya_${uniqueSuffix()}`.slice(0, 29);
    await username.fill(chosen);
    await text(page, `${chosen} is available.`).waitFor({ timeout: 10_000 });
    await page.getByLabel('Name', { exact: true }).fill('Maya Lin');
    await page.getByRole('radio', { name: 'Creator' }).check();
    await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/explore');
    // The link showed /profile while the username was being chosen: wait for the refetched viewer.
    await expect.poll(() => topBar(page).getByRole('link', { name: 'Your profile' }).getAttribute('href')).toBe(`/${chosen}`);

    await signOut(page);
    await signInWithPassword(page, email, password, '/lists');
    await page.close();
  });

  it('signs in with the magic link from the mail', async () => {
    const page = await browser.context.newPage();
    const { email, username } = await emailUser('amber-lantern-77');

    await page.goto(`${app.url}/signin?returnTo=%2Fnotifications`);
    await submitEmail(page, email);
    await page.getByRole('button', { name: 'Send Magic Link' }).click();
    await text(page, MESSAGES.emailSent).waitFor();
    const mail = await mailbox.server.waitForMail(email, { subject: /Sign in/ });

    await page.goto(linkIn(mail.text));
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/notifications');
    await expect.poll(() => topBar(page).getByRole('link', { name: 'Your profile' }).getAttribute('href')).toBe(`/${username}`);

    // The link works once.
    await signOut(page);
    await page.goto(linkIn(mail.text));
    await text(page, MESSAGES.linkInvalid).waitFor();
    await page.close();
  });

  it('resets a forgotten password through the mailed link, then signs in with the new one', async () => {
    const page = await browser.context.newPage();
    const { email } = await emailUser('copper-kettle-19');

    await page.goto(`${app.url}/signin`);
    await submitEmail(page, email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await text(page, MESSAGES.emailSent).waitFor();
    const mail = await mailbox.server.waitForMail(email, { subject: /Reset/ });
    const link = linkIn(mail.text);
    expect(new URL(link).pathname).toBe('/reset-password');

    await page.goto(link);
    await page.getByLabel('New password').fill('short');
    await page.getByLabel('Retype password').fill('different');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await text(page, MESSAGES.passwordTooShort).waitFor();
    await text(page, MESSAGES.passwordsDoNotMatch).waitFor();
    await page.getByLabel('New password').fill('juniper-meadow-64');
    await page.getByLabel('Retype password').fill('juniper-meadow-64');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await text(page, MESSAGES.passwordChanged).waitFor();
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/');

    await signOut(page);
    await page.goto(`${app.url}/signin`);
    await submitEmail(page, email);
    await page.getByLabel('Password').fill('copper-kettle-19');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await text(page, MESSAGES.wrongEmailOrPassword).waitFor();
    await signInWithPassword(page, email, 'juniper-meadow-64', '/lists');
    await page.close();
  });
});

describe('Google', () => {
  it('signs a new person in through the popup and sends them to choose a username', async () => {
    const page = await browser.context.newPage();
    localGoogle.server.setNextUser({ sub: `g-${uniqueSuffix()}`, email: `g.${uniqueSuffix()}@example.test`, email_verified: true, name: 'Greta Google' });

    await page.goto(`${app.url}/signin?returnTo=%2Flists`);
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const popup = await popupOpened;
    // The popup walks four pages (ours, the local Google, its consent, our callback) before it
    // closes itself: on a loaded machine that took over 15 s, and past 25 s with a CPU hog beside
    // the suite, so the test has a minute and a half and the popup most of it.
    // The test hears of the popup after the browser opened it: on a busy machine the popup may have
    // finished and closed by then, and a close that already happened fires no event.
    if (!popup.isClosed()) await popup.waitForEvent('close', { timeout: 60_000 });

    await expect.poll(() => pathOf(page), { timeout: 25_000 }).toBe('/signup/username?returnTo=%2Flists&welcome=1');
    await page.getByRole('heading', { name: 'Welcome to Byline!' }).waitFor();
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Greta Google');
    await page.close();
  }, 90_000);
});
