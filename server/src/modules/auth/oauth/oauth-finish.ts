import type { Response } from 'express';
import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../../../config.js';
import type { OAuthFlow } from './oauth-state.js';

/** How a web sign-in round trip ended. A null message is a cancellation: the page stays silent (docs/product.md §Sign-in). */
export type OAuthOutcome = { ok: true; returnTo: string; isNewUser: boolean } | { ok: false; message: string | null };

/** What the popup tells the page that opened it (posted to our own origin only). */
export type OAuthPopupMessage = { type: 'byline:auth'; ok: true; returnTo: string; isNewUser: boolean } | { type: 'byline:auth'; ok: false; message?: string };

/** Someone without a username yet picks one first, then goes where they meant to. */
export function afterSignInPath(returnTo: string, hasUsername: boolean): string {
  if (hasUsername) return returnTo;
  return `/signup/username?${new URLSearchParams({ returnTo, welcome: '1' }).toString()}`;
}

/**
 * Where a failed flow lands: link mode goes back to the page it came from (the person is still
 * signed in), Twitter's `errorTo` when given, otherwise the sign-in page. The message (if any)
 * rides along as `error` for that page to show.
 */
export function failureLocation(flow: OAuthFlow | null, message: string | null): string {
  const base = flow?.linkUserId ? flow.returnTo : (flow?.errorTo ?? '/signin');
  const url = new URL(base, 'http://byline.invalid');
  if (message) url.searchParams.set('error', message);
  if (!flow?.linkUserId && !flow?.errorTo && flow?.returnTo && flow.returnTo !== '/') url.searchParams.set('returnTo', flow.returnTo);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The popup's opener must keep its handle on the popup across the trip to the provider; the
 * app's default `Cross-Origin-Opener-Policy: same-origin` would cut it at the first cross-origin
 * hop, so these responses opt out.
 */
export function allowOpenerAccess(res: Response): void {
  res.setHeader('Cross-Origin-Opener-Policy', 'unsafe-none');
}

/** Ends a web flow: a popup page for popups, otherwise a redirect to where the person goes next. */
export function finishOAuthFlow(res: Response, config: AppConfig, flow: OAuthFlow | null, outcome: OAuthOutcome): void {
  const location = outcome.ok ? outcome.returnTo : failureLocation(flow, outcome.message);
  res.setHeader('Cache-Control', 'no-store');
  if (!flow?.popup) {
    res.redirect(302, location);
    return;
  }
  const message: OAuthPopupMessage = outcome.ok
    ? { type: 'byline:auth', ok: true, returnTo: outcome.returnTo, isNewUser: outcome.isNewUser }
    : { type: 'byline:auth', ok: false, ...(outcome.message ? { message: outcome.message } : {}) };
  sendPopupPage(res, { message, targetOrigin: new URL(config.publicUrl).origin, fallback: location });
}

/** JSON that is safe inside an inline <script>: nothing in it can close the tag or end a line. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * A page that hands the outcome to the opener (our own origin only) and closes; opened without
 * an opener (a blocked popup that became a tab) it goes on like the redirect would. Its one
 * inline script runs under a per-response nonce; nothing else may run or load.
 */
function sendPopupPage(res: Response, data: { message: OAuthPopupMessage; targetOrigin: string; fallback: string }): void {
  const nonce = randomBytes(16).toString('base64');
  res.setHeader('Content-Security-Policy', `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`);
  res
    .status(200)
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Byline</title></head><body>` +
        `<p>Signing you in… You can close this window.</p>` +
        `<script nonce="${nonce}">(function () {` +
        `var data = ${scriptJson(data)};` +
        `if (window.opener && !window.opener.closed) { window.opener.postMessage(data.message, data.targetOrigin); window.close(); }` +
        `else { window.location.replace(data.fallback); }` +
        `})();</script></body></html>`,
    );
}
