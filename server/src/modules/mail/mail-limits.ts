import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../../config.js';
import { consumeAttempt } from '../../http/attempt-limit.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Mail to one address (codes, magic links, reset links, invitations) is limited per address,
 * whoever asks, so nobody can flood someone's mailbox: AUTH_ATTEMPTS_PER_ACCOUNT per hour.
 */
export function limitMailToAddress(em: EntityManager, config: AppConfig, email: string): Promise<void> {
  return consumeAttempt(em, `mail:${email}`, config.authAttemptsPerAccount, HOUR_MS);
}
