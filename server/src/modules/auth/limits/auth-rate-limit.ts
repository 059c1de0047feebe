import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../../../config.js';
import { ATTEMPT_KEY_PREFIX, consumeAttempt, forgetAttempts } from '../../../http/attempt-limit.js';
import { callerKey } from './client-address.js';

const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** Every auth call counts against the caller (its IPv4 address or IPv6 /64): AUTH_ATTEMPTS_PER_IP per 15 minutes. */
export function limitAuthCallsFromIp(em: EntityManager, config: AppConfig, ip: string | undefined): Promise<void> {
  return consumeAttempt(em, `ip:${callerKey(ip)}`, config.authAttemptsPerIp, FIFTEEN_MINUTES_MS);
}

/**
 * Password guesses are counted per account and caller, so one caller cannot spend an account's
 * whole budget (password-guess-budget.ts) at once: AUTH_ATTEMPTS_PER_ACCOUNT per hour.
 */
function passwordKey(email: string, ip: string | undefined): string {
  return `password:${email}|${callerKey(ip)}`;
}

export function limitPasswordAttempts(em: EntityManager, config: AppConfig, email: string, ip: string | undefined): Promise<void> {
  return consumeAttempt(em, passwordKey(email, ip), config.authAttemptsPerAccount, HOUR_MS);
}

/** A right password clears that (account, caller) pair's count: only failures add up. */
export function forgetPasswordAttempts(em: EntityManager, email: string, ip: string | undefined): Promise<void> {
  return forgetAttempts(em, passwordKey(email, ip));
}

/** A reset password makes every caller's count of guesses at the old one moot. */
export async function forgetPasswordAttemptsFromEveryone(em: EntityManager, email: string): Promise<void> {
  await em.execute('delete from rate_limit_hits where starts_with(key, ?)', [`${ATTEMPT_KEY_PREFIX}password:${email}|`]);
}
