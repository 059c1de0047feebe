import type { Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import type { Browser } from './browser.js';

/** A page of the app with what it said while the test watched. */
export interface OpenedPage {
  page: Page;
  /** Console errors and uncaught exceptions. */
  errors: string[];
  /** Console lines. */
  logs: string[];
  /** Bodies of the `POST /api/track` calls, in the order the page sent them. */
  tracked: unknown[];
  /** WebSockets the page has opened so far. */
  sockets: number;
  /** Each value of the live notification count the server pushed, with the socket it came on. */
  liveCounts: { socket: number; count: number }[];
}

interface GraphQLWsMessage {
  type?: string;
  payload?: { data?: { notificationCounts?: { new?: number } } };
}

/**
 * Opens `url` in a new tab of `browser`, recording what the page says from its first request.
 * `beforeLoad` runs on the empty tab first (to install a controllable clock, say).
 */
export async function openPage(browser: Browser, url: string, beforeLoad?: (page: Page) => Promise<void>): Promise<OpenedPage> {
  const page = await browser.context.newPage();
  const opened: OpenedPage = { page, errors: [], logs: [], tracked: [], sockets: 0, liveCounts: [] };
  page.on('console', (message) => {
    opened.logs.push(message.text());
    if (message.type() === 'error') opened.errors.push(message.text());
  });
  page.on('pageerror', (error) => opened.errors.push(error.message));
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/track') opened.tracked.push(request.postDataJSON());
  });
  page.on('websocket', (socket) => {
    const socketNumber = ++opened.sockets;
    socket.on('framereceived', ({ payload }) => {
      const message = parseJson(payload) as GraphQLWsMessage | null;
      const count = message?.type === 'next' ? message.payload?.data?.notificationCounts?.new : undefined;
      if (typeof count === 'number') opened.liveCounts.push({ socket: socketNumber, count });
    });
  });
  await beforeLoad?.(page);
  await page.goto(url);
  await appReady(page);
  return opened;
}

/**
 * Waits until the app runs in the page (client/src/main.tsx marks it): a server-rendered page is
 * on screen before that, but a click on it would do nothing yet.
 */
export async function appReady(page: Page): Promise<void> {
  await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
}

/**
 * Resolves once the server has pushed the live notification count over a socket opened after
 * the first `afterSocket` ones. The subscription's first message is the current count, sent once
 * the server listens for changes: only from then on is a new notification sure to reach the page.
 * (The count on screen proves less: the HTTP query may have answered before the socket was up.)
 */
export async function liveCountListening(opened: OpenedPage, afterSocket = 0): Promise<void> {
  await expect.poll(() => opened.liveCounts.some((value) => value.socket > afterSocket), { timeout: 15_000 }).toBe(true);
}

/** The operation name of a GraphQL request the page sends (POST /graphql), or null for any other request. */
export function graphqlOperationName(request: Request): string | null {
  if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/graphql') return null;
  return (request.postDataJSON() as { operationName?: string } | null)?.operationName ?? null;
}

function parseJson(text: string | Buffer): unknown {
  try {
    return JSON.parse(String(text));
  } catch {
    return null;
  }
}
