import type { EntityManager } from '@mikro-orm/postgresql';
import type { Options } from 'express-rate-limit';
import { MESSAGES } from '../../../../../domain/messages.js';
import type { AppConfig } from '../../../config.js';
import { RateLimited } from '../../../errors/app-errors.js';
import { PostgresRateLimitStore } from '../../../http/rate-limit.js';
import { callerKey } from './client-address.js';

const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const KEY_PREFIX = 'auth:';

function storeFor(em: EntityManager, windowMs: number): PostgresRateLimitStore {
  const store = new PostgresRateLimitStore(em, KEY_PREFIX);
  // The store reads only the window from express-rate-limit's options.
  store.init({ windowMs } as Options);
  return store;
}

/**
 * Counts one attempt under `key` in the shared `rate_limit_hits` table (so every server process
 * agrees) and refuses with 429 once more than `limit` fall within `windowMs`.
 */
export async function consumeAttempt(em: EntityManager, key: string, limit: number, windowMs: number): Promise<void> {
  const { totalHits } = await storeFor(em, windowMs).increment(key);
  if (totalHits > limit) throw new RateLimited(MESSAGES.tooManyAttempts);
}

async function forgetAttempts(em: EntityManager, key: string): Promise<void> {
  await storeFor(em, HOUR_MS).resetKey(key);
}

/** Every auth call counts against the caller (its IPv4 address or IPv6 /64): AUTH_ATTEMPTS_PER_IP per 15 minutes. */
export function limitAuthCallsFromIp(em: EntityManager, config: AppConfig, ip: string | undefined): Promise<void> {
  return consumeAttempt(em, `ip:${callerKey(ip)}`, config.authAttemptsPerIp, FIFTEEN_MINUTES_MS);
}

/**
 * Mail to one address (codes, magic links, reset links) is limited per address, whoever asks,
 * so nobody can flood someone's mailbox: AUTH_ATTEMPTS_PER_ACCOUNT per hour.
 */
export function limitMailToAddress(em: EntityManager, config: AppConfig, email: string): Promise<void> {
  return consumeAttempt(em, `mail:${email}`, config.authAttemptsPerAccount, HOUR_MS);
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
  await em.execute('delete from rate_limit_hits where starts_with(key, ?)', [`${KEY_PREFIX}password:${email}|`]);
}
