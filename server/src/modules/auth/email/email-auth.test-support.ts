import type { EntityManager } from '@mikro-orm/postgresql';
import { expect } from 'vitest';
import type { CapturedMail, SmtpCapture } from '../../../test-support/smtp-capture.js';
import { LoginCredential, type LoginProvider, User } from '../../users/index.js';
import { hashPassword } from './passwords.js';

/** What a REST call answered, with the cookies it set (name → value). */
export interface ApiAnswer {
  status: number;
  body: { success: boolean; data?: Record<string, unknown>; message?: string; code?: string; details?: Record<string, unknown> };
  cookies: Record<string, string>;
}

/** Calls `/api<path>` the way the web app does, from the address `ip` (X-Forwarded-For: heeded only with TRUST_PROXY naming loopback). */
export async function callApi(
  server: { url: string },
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; ip?: string } = {},
): Promise<ApiAnswer> {
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.ip ? { 'x-forwarded-for': options.ip } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const cookies: Record<string, string> = {};
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const equals = pair.indexOf('=');
    cookies[pair.slice(0, equals)] = decodeURIComponent(pair.slice(equals + 1));
  }
  return { status: response.status, body: (await response.json()) as ApiAnswer['body'], cookies };
}

/** The Cookie header a browser would send back after `answer`. */
export function cookieHeader(answer: ApiAnswer): Record<string, string> {
  return { cookie: Object.entries(answer.cookies).filter(([, value]) => value !== '').map(([name, value]) => `${name}=${value}`).join('; ') };
}

/** The 6-digit code of a verification mail (checked to be in both the text and the HTML part). */
export function codeFrom(mail: CapturedMail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  expect(code, mail.text).toBeDefined();
  expect(mail.html).toContain(code);
  return code as string;
}

/** The `param` value of the link a mail carries (checked to start with `prefix`, in both parts). */
export function linkTokenFrom(mail: CapturedMail, prefix: string, param: string): string {
  const url = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  expect(url, mail.text).toBeDefined();
  expect(mail.html).toContain((url as string).replace(/&/g, '&#38;'));
  const token = new URL(url as string).searchParams.get(param);
  expect(token).toBeTruthy();
  return token as string;
}

/** Mails a code to `email`, reads it from the captured mail, and answers the sign-up proof. */
export async function verifiedEmailProof(server: { url: string }, capture: Pick<SmtpCapture, 'waitForMail'>, email: string): Promise<string> {
  const sent = await callApi(server, 'PUT', '/users/verify', { body: { email, returnTo: '/explore' } });
  expect(sent.status).toBe(200);
  const code = codeFrom(await capture.waitForMail(email));
  const verified = await callApi(server, 'POST', '/users/verify', { body: { email, code } });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return verified.body.data?.token as string;
}

/** An account with a verified email login (and optionally other logins), made directly in the database. */
export async function createEmailAccount(em: EntityManager, email: string, password: string, otherProviders: LoginProvider[] = []): Promise<User> {
  const user = em.create(User, { email });
  em.create(LoginCredential, { user, provider: 'email', providerUserId: email.toLowerCase(), passwordHash: await hashPassword(password), emailVerifiedAt: new Date() });
  for (const provider of otherProviders) em.create(LoginCredential, { user, provider, providerUserId: `${provider}-${email}` });
  await em.flush();
  return user;
}

/** A Google- or Twitter-only account: the address is on the profile, there is no email login. */
export async function createSocialAccount(em: EntityManager, email: string, provider: LoginProvider): Promise<User> {
  const user = em.create(User, { email });
  em.create(LoginCredential, { user, provider, providerUserId: `${provider}-${email}` });
  await em.flush();
  return user;
}
