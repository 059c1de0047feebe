import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword, INVALID_TOKEN_MESSAGE } from '../server/src/modules/auth/index.js';
import { createLoginCredential, createUser, uniqueSuffix } from '../server/src/test-support/factories.js';
import { lightResponse as responseText, runLightQuery as runQuery } from './support/graphiql.js';
import { useBrowser, useTestApp } from './support/test-app.js';

/**
 * Personal access tokens end to end in Chromium against the built app: signed in with a
 * password, a token is created in /settings and its secret copied, the API explorer runs a
 * query with it, and once it is revoked in settings the explorer is refused with it.
 */

// Each poll waits for a page and a round trip on a busy machine.
vi.setConfig({ expect: { poll: { timeout: 20_000, interval: 100 } } });

const VIEWER_QUERY = '{ viewer { username } }';
const TOKEN_NAME = 'Nightly report';

const app = useTestApp();
const browser = useBrowser({ name: 'desktop', width: 1280, height: 900 });

beforeAll(async () => {
  // The Copy button writes to the clipboard; the test reads it back.
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
});

const openPages: Page[] = [];
afterEach(async () => {
  await Promise.all(openPages.splice(0).map((page) => page.close()));
});

async function newPage(): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.context.newPage();
  openPages.push(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

/** A finished account that signs in with email and password: creating tokens needs a real session. */
async function emailUser(password: string) {
  const em = app.orm.em.fork();
  const suffix = uniqueSuffix();
  const email = `integrator.${suffix}@example.test`;
  const user = await createUser(em, { email, username: `integrator_${suffix}`, termsAcknowledgedAt: new Date() });
  const credential = await createLoginCredential(em, user, { provider: 'email', providerUserId: email, emailVerifiedAt: new Date() });
  credential.passwordHash = await hashPassword(password);
  await em.flush();
  return { email, username: user.username! };
}

async function signIn(page: Page, email: string, password: string, returnTo: string) {
  await page.goto(`${app.url}/signin?returnTo=${encodeURIComponent(returnTo)}`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(returnTo);
}

describe('personal access tokens', () => {
  it('are created in settings, work in the API explorer, and are refused there once revoked', async () => {
    const password = 'amber-lantern-73';
    const { email, username } = await emailUser(password);
    const { page: settings, errors } = await newPage();
    await signIn(settings, email, password, '/settings');

    // Create a read-only token that expires in 30 days.
    await settings.getByRole('heading', { name: 'Developer' }).waitFor();
    await settings.getByText('You have no personal access tokens.').waitFor();
    await settings.getByLabel('Token name').fill(TOKEN_NAME);
    await settings.getByLabel('Expiration').selectOption({ label: '30 days' });
    await settings.getByRole('radio', { name: /Read-only/ }).check();
    await settings.getByRole('button', { name: 'Generate token' }).click();

    // The secret is shown once: copy it.
    const secretField = settings.getByLabel('New personal access token');
    await secretField.waitFor({ state: 'visible' });
    const shown = await secretField.inputValue();
    expect(shown).toMatch(/^byl_pat_/);
    await settings.getByRole('button', { name: 'Copy', exact: true }).click();
    await settings.getByRole('button', { name: 'Copied', exact: true }).waitFor();
    // A string: the e2e files are typed for Node, without the DOM's names.
    const copied = String(await settings.evaluate('navigator.clipboard.readText()'));
    expect(copied).toBe(shown);
    await settings.getByRole('button', { name: 'I have copied it' }).click();
    await secretField.waitFor({ state: 'detached' });
    const row = settings.getByRole('row', { name: new RegExp(TOKEN_NAME) });
    await row.waitFor();
    expect(await row.innerText()).toContain('Read-only');
    expect(await row.innerText()).toContain('Never used');

    // The explorer, in a tab of its own so it keeps the pasted token while settings revokes it.
    const explorerLink = settings.getByRole('link', { name: 'API explorer' });
    const explorerUrl = new URL((await explorerLink.getAttribute('href'))!, app.url).href;
    const { page: explorer, errors: explorerErrors } = await newPage();
    await explorer.goto(explorerUrl);
    await explorer.getByRole('heading', { level: 1, name: 'API explorer' }).waitFor();
    await explorer.getByLabel('Personal access token (optional)').fill(copied);
    await expect.poll(() => explorer.getByRole('status').first().innerText()).toContain('personal access token above');
    await runQuery(explorer, VIEWER_QUERY);
    await expect.poll(() => responseText(explorer)).toContain(`"username": "${username}"`);

    // The use shows in settings once it is read again.
    await settings.reload();
    await expect.poll(() => settings.getByRole('row', { name: new RegExp(TOKEN_NAME) }).innerText()).not.toContain('Never used');

    // Revoke it in settings, through the confirm dialog.
    await settings.getByRole('button', { name: `Revoke ${TOKEN_NAME}` }).click();
    const dialog = settings.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await settings.getByText('You have no personal access tokens.').waitFor();

    // The explorer still holds the token: the same query is now refused as unauthenticated.
    await explorer.getByRole('button', { name: 'Run', exact: true }).click();
    await expect.poll(() => responseText(explorer)).toContain('"code": "UNAUTHENTICATED"');
    // The answer is pretty-printed JSON: compare with the whitespace collapsed.
    expect((await responseText(explorer)).replace(/\s+/g, ' ')).toContain(INVALID_TOKEN_MESSAGE);
    expect(await responseText(explorer)).not.toContain(`"username": "${username}"`);

    expect(errors).toEqual([]);
    expect(explorerErrors).toEqual([]);
  });
});
