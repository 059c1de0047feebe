import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Drives the API explorer's GraphiQL editor the way a person does: replace the query, run it,
 * read the answer. Shared by the browser tests that use the explorer.
 */
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
