import { z } from 'zod';
import * as MESSAGES from '../../../../../domain/messages.js';
import { optionalText } from '../auth-inputs.js';

/** Return paths and provider values in a URL: bounded text, one of each (a repeated key is an array). */
const PATH_MAX = 2_000;
const VALUE_MAX = 4_096;
/** Google's ID tokens and codes are a few hundred to a few thousand characters. */
const GOOGLE_TOKEN_MAX = 8_192;
const CAPTCHA_TOKEN_MAX = 10_000;

const flag = (name: string) => optionalText(name, 8);

/** GET /api/auth/google?returnTo=&popup=1&link=1 */
export const googleStartQuery = z.object({ returnTo: optionalText('returnTo', PATH_MAX), popup: flag('popup'), link: flag('link') });

/** GET /api/auth/google/callback: what Google sends back (passport reads it from the query). */
export const googleCallbackQuery = z.object({
  code: optionalText('code', VALUE_MAX),
  state: optionalText('state', VALUE_MAX),
  error: optionalText('error', VALUE_MAX),
  scope: optionalText('scope', VALUE_MAX),
});

/** GET /api/auth/twitter?next=&errorTo=&username=&popup=1&link=1 */
export const twitterStartQuery = z.object({
  next: optionalText('next', PATH_MAX),
  errorTo: optionalText('errorTo', PATH_MAX),
  username: optionalText('username', 100),
  popup: flag('popup'),
  link: flag('link'),
});

/** GET /api/auth/twitter/callback: what Twitter sends back. */
export const twitterCallbackQuery = z.object({
  oauth_token: optionalText('oauth_token', VALUE_MAX),
  oauth_verifier: optionalText('oauth_verifier', VALUE_MAX),
  denied: optionalText('denied', VALUE_MAX),
});

const googleSecret = z.string({ error: MESSAGES.somethingWentWrong }).min(1, { error: MESSAGES.somethingWentWrong }).max(GOOGLE_TOKEN_MAX, { error: MESSAGES.somethingWentWrong });

/** POST /api/auth/google/tokens { code }: a code the Google SDK obtained (mobile). */
export const googleCodeBody = z.object({ code: googleSecret }, { error: MESSAGES.somethingWentWrong });

/** POST /api/auth/google/signin { idToken } (mobile) */
export const googleIdTokenBody = z.object({ idToken: googleSecret }, { error: MESSAGES.somethingWentWrong });

/** POST /api/auth/google/captcha { token }: reCAPTCHA's token ('development' when none is configured). */
export const captchaBody = z.object(
  { token: z.string({ error: MESSAGES.captchaFailed }).min(1, { error: MESSAGES.captchaFailed }).max(CAPTCHA_TOKEN_MAX, { error: MESSAGES.captchaFailed }) },
  { error: MESSAGES.captchaFailed },
);

/** GET /api/auth/apple?returnTo= */
export const appleStartQuery = z.object({ returnTo: optionalText('returnTo', PATH_MAX) });

/**
 * POST /api/auth/apple/signin/web: Apple's form (`response_mode=form_post`). `user` (JSON with
 * the name) comes on the first authorization only; `error` instead of a code when it failed or
 * was cancelled. Apple's own ID token in the form is not used: the one from the code exchange is.
 */
export const appleCallbackBody = z.object({
  state: optionalText('state', VALUE_MAX),
  code: optionalText('code', VALUE_MAX),
  id_token: optionalText('id_token', GOOGLE_TOKEN_MAX),
  user: optionalText('user', VALUE_MAX),
  error: optionalText('error', VALUE_MAX),
});
