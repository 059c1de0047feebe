import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Drives the API explorer the way a person does: replace the query, run it, read the answer;
 * in the light panel the page opens with, or in GraphiQL once the full editor is opened. Shared
 * by the browser tests that use the explorer.
 */

/** Replaces the light panel's query (and variables, when given) and runs it with its Run button. */
export async function runLightQuery(page: Page, query: string, variables?: string): Promise<void> {
  const queryBox = page.getByLabel('Query', { exact: true });
  // Disabled until the app has taken the server's markup over (ui/ControlsWhenReady.tsx).
  await expect.poll(() => queryBox.isEnabled()).toBe(true);
  await queryBox.fill(query);
  if (variables !== undefined) await page.getByLabel('Variables (JSON, optional)').fill(variables);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
}

/** The light panel's answer ('' while it has none). */
export const lightResponse = (page: Page): Promise<string> => page.getByRole('region', { name: 'Response' }).innerText();

/** Swaps the light panel for GraphiQL and waits for its query editor. */
export async function openFullEditor(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open the full editor (autocomplete, docs, history)' }).click();
  await expect.poll(() => page.locator('.graphiql-query-editor .monaco-editor').isVisible()).toBe(true);
}

/** Replaces the query in GraphiQL's editor (opened with openFullEditor) and runs it. */
export async function runExplorerQuery(page: Page, query: string): Promise<void> {
  const editor = page.locator('.graphiql-query-editor .monaco-editor');
  await expect.poll(() => editor.isVisible()).toBe(true);
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(query);
  // Monaco closes an opening brace by itself: drop whatever it added after the cursor.
  await page.keyboard.press('ControlOrMeta+Shift+End');
  await page.keyboard.press('Delete');
  await expect.poll(() => editorText(page, '.graphiql-query-editor')).toBe(query);
  // GraphiQL takes the editor's text into its own state 100 ms after the last keystroke
  // (debounced), saving it to localStorage in the same step; Execute before that runs the
  // previous query (seen under load: a subscription went out as the earlier query over HTTP).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('graphiql:query'))).toBe(query);
  await page.getByRole('button', { name: /^Execute query/ }).click();
}

/** What a Monaco editor shows, with its non-breaking spaces as plain ones. */
export async function editorText(page: Page, container: string): Promise<string> {
  const text = await page.locator(`${container} .view-lines`).innerText();
  return text.replace(/\u00a0/g, ' ').trim();
}

/** The explorer's answer pane ('' while it has none). */
export const explorerResponse = (page: Page): Promise<string> => editorText(page, '.graphiql-response').catch(() => '');
