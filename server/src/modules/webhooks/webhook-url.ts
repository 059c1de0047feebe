import type { AppEnvironment } from '../../config.js';
import { InvalidInput } from '../../errors/app-errors.js';
import * as MESSAGES from '../../../../domain/messages.js';
import { isPlainlyNotPublic } from './webhook-http.js';

export const MAX_WEBHOOK_URL_LENGTH = 2048;

export interface WebhookUrlRules {
  env: AppEnvironment;
  /** WEBHOOK_PRIVATE_ORIGINS (tests and development only). */
  privateOrigins: readonly string[];
}

/**
 * The URL a webhook may have: https (http too outside production, for local receivers), no
 * credentials in it, and not an address that is obviously private. Names are checked again at
 * every delivery, where they resolve: DNS can change after registration.
 */
export function checkWebhookUrl(raw: string, rules: WebhookUrlRules): string {
  const text = raw.trim();
  if (text.length === 0 || text.length > MAX_WEBHOOK_URL_LENGTH) throw new InvalidInput(`The URL must be 1 to ${MAX_WEBHOOK_URL_LENGTH} characters.`, { field: 'url' });
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new InvalidInput(MESSAGES.invalidUrl, { field: 'url' });
  }
  const httpAllowed = rules.env !== 'production';
  if (url.protocol !== 'https:' && !(httpAllowed && url.protocol === 'http:')) {
    throw new InvalidInput(httpAllowed ? 'A webhook URL must use https or http.' : 'A webhook URL must use https.', { field: 'url' });
  }
  if (url.username || url.password) throw new InvalidInput('Put no user name or password in the URL; check the signature instead.', { field: 'url' });
  url.hash = '';
  if (!rules.privateOrigins.includes(url.origin) && isPlainlyNotPublic(url)) {
    throw new InvalidInput('A webhook URL must point to a public address.', { field: 'url' });
  }
  return url.href;
}
