import express, { type RequestHandler } from 'express';
import { z } from 'zod';
import { PRODUCT_NAME } from '../../../../domain/constants.js';
import { NOTIFICATION_PREFERENCE_KIND_LABELS } from '../../../../domain/notification-preferences.js';
import type { MikroORM } from '../../db/orm.js';
import { validatedRoute } from '../../http/validated-route.js';
import { NOTIFICATION_SETTINGS_PATH } from './notification-mail.js';
import { unsubscribeFromDigest, unsubscribeFromKindMail } from './notification-preferences.service.js';
import { readUnsubscribeToken, type UnsubscribeScope } from './unsubscribe-token.js';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function whatScopeNames(scope: UnsubscribeScope): string {
  return scope === 'digest' ? 'the daily digest' : `${NOTIFICATION_PREFERENCE_KIND_LABELS[scope]} mails`;
}

/** A small page of its own: it opens signed out, from a mail, and needs none of the app. */
function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(title)} · ${PRODUCT_NAME}</title>` +
    `<style>body{font-family:Manrope,Arial,sans-serif;color:#1a1a1a;margin:0;padding:48px 20px;line-height:1.5}main{max-width:520px;margin:0 auto}` +
    `h1{font-size:26px;margin:0 0 12px}button{font:inherit;font-weight:700;padding:10px 18px;border-radius:10px;border:0;background:#C2410C;color:#fff;cursor:pointer}` +
    `button:focus-visible,a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}a{color:#1d4ed8}</style></head>` +
    `<body><main>${body}</main></body></html>`
  );
}

const tokenParams = z.object({ token: z.string().min(1).max(200) });

/**
 * The unsubscribe link of every mail a person may turn off (docs/product.md §Notification
 * preferences): GET only shows what the link turns off and a button, since mail scanners open
 * links; POST (the button, or a mail client's RFC 8058 one-click) turns it off. No sign-in: the
 * signed token is the proof, and answering it twice is fine.
 */
export function unsubscribeRoutes(deps: { orm: MikroORM; jwtSecret: string }, limiter: RequestHandler): express.Router {
  const router = express.Router();
  const notValid = page('Link not valid', `<h1>This unsubscribe link is not valid</h1><p>Change which mails you get in your <a href="${NOTIFICATION_SETTINGS_PATH}">notification settings</a>.</p>`);
  const settingsLink = `<p>You can change which notifications you get, and how, in your <a href="${NOTIFICATION_SETTINGS_PATH}">notification settings</a>.</p>`;
  router.use(express.urlencoded({ extended: false, limit: '1kb' }));
  router.get(
    '/:token',
    limiter,
    validatedRoute({ params: tokenParams }, async ({ params }, _req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      const target = readUnsubscribeToken(deps.jwtSecret, params.token);
      if (!target) {
        res.status(404).type('html').send(notValid);
        return;
      }
      const what = whatScopeNames(target.kind);
      const body =
        `<h1>Unsubscribe from ${escapeHtml(what)}?</h1>` +
        `<p>You will no longer get ${escapeHtml(what)} by email. ${target.kind === 'digest' ? 'Its notifications' : 'These notifications'} still show in ${PRODUCT_NAME}.</p>` +
        `<form method="post" action="/unsubscribe/${encodeURIComponent(params.token)}"><button type="submit">Unsubscribe</button></form>` +
        settingsLink;
      res.type('html').send(page('Unsubscribe', body));
    }),
  );
  router.post(
    '/:token',
    limiter,
    validatedRoute({ params: tokenParams }, async ({ params }, _req, res) => {
      res.setHeader('Cache-Control', 'no-store');
      const target = readUnsubscribeToken(deps.jwtSecret, params.token);
      if (!target) {
        res.status(404).type('html').send(notValid);
        return;
      }
      const em = deps.orm.em.fork();
      if (target.kind === 'digest') await unsubscribeFromDigest(em, target.userId);
      else await unsubscribeFromKindMail(em, target.userId, target.kind);
      const what = whatScopeNames(target.kind);
      const body = `<h1>You are unsubscribed</h1><p role="status">${escapeHtml(what[0]!.toUpperCase() + what.slice(1))} are turned off. ${target.kind === 'digest' ? 'Its notifications' : 'These notifications'} still show in ${PRODUCT_NAME}.</p>${settingsLink}`;
      res.type('html').send(page('Unsubscribed', body.replace('The daily digest are', 'The daily digest is')));
    }),
  );
  return router;
}
