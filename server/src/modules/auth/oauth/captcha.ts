import * as MESSAGES from '../../../../../domain/messages.js';
import type { AppConfig } from '../../../config.js';
import { InvalidInput } from '../../../errors/app-errors.js';
import { fetchFromProvider, providerJson } from './provider-fetch.js';

/** reCAPTCHA v3 scores run from 0 (a bot) to 1 (a person); Google suggests 0.5 as the line. */
const MIN_SCORE = 0.5;
const VERIFY_TIMEOUT_MS = 10_000;

interface SiteVerifyAnswer {
  success?: unknown;
  score?: unknown;
}

/**
 * Asks reCAPTCHA whether `token` was earned by a person (docs/product.md §Sign-in: Next needs a
 * passed captcha). With no secret configured every token passes, so development works without
 * Google keys. v2 answers carry no score; v3 answers must also score at least 0.5. Not reaching
 * reCAPTCHA is a 504 (provider-fetch.ts).
 */
export async function isCaptchaPassed(config: AppConfig, token: unknown, remoteIp: string | undefined): Promise<boolean> {
  if (!config.recaptchaSecret) return true;
  if (typeof token !== 'string' || token === '' || token.length > 10_000) return false;
  const form = new URLSearchParams({ secret: config.recaptchaSecret, response: token });
  if (remoteIp) form.set('remoteip', remoteIp);
  const response = await fetchFromProvider('recaptcha', config.recaptchaVerifyUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    timeoutMs: VERIFY_TIMEOUT_MS,
  });
  if (!response.ok) throw new Error(`reCAPTCHA verification answered ${response.status}`);
  const answer = ((await providerJson('recaptcha', response)) ?? {}) as SiteVerifyAnswer;
  if (answer.success !== true) return false;
  return answer.score === undefined || (typeof answer.score === 'number' && answer.score >= MIN_SCORE);
}

/** Throws the 400 the sign-in form shows when the captcha is not passed. */
export async function requireCaptcha(config: AppConfig, token: unknown, remoteIp: string | undefined): Promise<void> {
  if (!(await isCaptchaPassed(config, token, remoteIp))) throw new InvalidInput(MESSAGES.captchaFailed);
}
