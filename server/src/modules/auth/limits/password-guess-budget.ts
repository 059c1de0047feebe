import type { EntityManager } from '@mikro-orm/postgresql';
import * as MESSAGES from '../../../../../domain/messages.js';
import type { AppConfig } from '../../../config.js';
import { RateLimited } from '../../../errors/app-errors.js';

/**
 * Wrong passwords for one account, from anywhere. Counting per address only lets whoever holds
 * many addresses (an IPv6 /64, a botnet) guess without end, so each account also has a budget:
 * AUTH_ATTEMPTS_PER_ACCOUNT wrong passwords, then a pause before each further guess that doubles
 * from one minute up to an hour. The count is forgotten after a day without a wrong password,
 * and when the password is reset. The pause stops password sign-in only: the owner can still
 * sign in with a magic link or Google/Twitter, or reset the password, so it is no lockout.
 */
const KEY_PREFIX = 'auth:password-account:';
const QUIET_MS = 24 * 60 * 60 * 1000;
const FIRST_PAUSE_MS = 60 * 1000;
const LONGEST_PAUSE_MS = 60 * 60 * 1000;
/** 2^10 minutes is past the longest pause already; a bigger exponent would only overflow. */
const MAX_DOUBLINGS = 10;

/** The pause after the last counted guess, in SQL over the row's `hits` (a count past the budget). */
const PAUSE_MS_SQL = `least(? * power(2, least(greatest(rate_limit_hits.hits - ?, 0), ?)), ?)`;
/** When the last counted guess was: each one moves `reset_at` to a day after it. */
const LAST_GUESS_SQL = `rate_limit_hits.reset_at - ? * interval '1 millisecond'`;

function pauseParams(budget: number): number[] {
  return [FIRST_PAUSE_MS, budget, MAX_DOUBLINGS, LONGEST_PAUSE_MS];
}

/**
 * Counts one password guess for `email` before it is checked (so parallel guesses count too),
 * or refuses it with 429 while the account's guesses are paused. In one statement: the row lock
 * of the upsert lets exactly one of several racing guesses through when a pause ends.
 */
export async function takePasswordGuess(em: EntityManager, config: AppConfig, email: string): Promise<void> {
  const budget = config.authAttemptsPerAccount;
  const rows = await em.execute<Array<{ hits: number }>>(
    `insert into rate_limit_hits (key, hits, reset_at) values (?, 1, now() + ? * interval '1 millisecond')
     on conflict (key) do update set
       hits = case when rate_limit_hits.reset_at <= now() then 1 else rate_limit_hits.hits + 1 end,
       reset_at = excluded.reset_at
     where rate_limit_hits.reset_at <= now()
        or rate_limit_hits.hits < ?
        or now() >= ${LAST_GUESS_SQL} + ${PAUSE_MS_SQL} * interval '1 millisecond'
     returning hits`,
    [KEY_PREFIX + email, QUIET_MS, budget, QUIET_MS, ...pauseParams(budget)],
  );
  if (rows.length > 0) return;
  throw new RateLimited(MESSAGES.passwordGuessesPaused, {
    retryAfterSeconds: await secondsUntilNextGuess(em, email, budget),
    // What still signs the owner in meanwhile, for the client to offer.
    alternatives: ['magic_link', 'password_reset'],
  });
}

async function secondsUntilNextGuess(em: EntityManager, email: string, budget: number): Promise<number> {
  const rows = await em.execute<Array<{ seconds: number | string }>>(
    `select ceil(greatest(0, extract(epoch from (${LAST_GUESS_SQL} + ${PAUSE_MS_SQL} * interval '1 millisecond' - now())))) as seconds
     from rate_limit_hits where key = ?`,
    [QUIET_MS, ...pauseParams(budget), KEY_PREFIX + email],
  );
  return Number(rows[0]?.seconds ?? 0);
}

/** A right password gives its guess back: only wrong ones use the budget up. */
export async function returnPasswordGuess(em: EntityManager, email: string): Promise<void> {
  await em.execute('update rate_limit_hits set hits = greatest(hits - 1, 0) where key = ?', [KEY_PREFIX + email]);
}

/** After a password reset the old guesses say nothing about the new password: the budget is whole again. */
export async function forgetPasswordGuesses(em: EntityManager, email: string): Promise<void> {
  await em.execute('delete from rate_limit_hits where key = ?', [KEY_PREFIX + email]);
}
