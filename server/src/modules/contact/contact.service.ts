import type { EntityManager } from '@mikro-orm/postgresql';
import type { PgBoss } from 'pg-boss';
import { CONTACT_MESSAGES_PER_HOUR, contactFormProblems, type ContactField, type ContactForm } from '../../../../domain/contact.js';
import * as MESSAGES from '../../../../domain/messages.js';
import type { AppConfig } from '../../config.js';
import { InvalidInput, Unprocessable } from '../../errors/app-errors.js';
import { consumeAttempt } from '../../http/attempt-limit.js';
import { callerKey, requireCaptcha } from '../auth/index.js';
import { contactMessageMail, enqueueMail } from '../mail/index.js';

const HOUR_MS = 60 * 60 * 1000;

export interface ContactDeps {
  em: EntityManager;
  boss: PgBoss;
  config: AppConfig;
}

/**
 * docs/product.md §Contact: a visitor's message for the operator. The form is checked first (its
 * mistakes cost nothing), then the captcha, then the sender's hourly allowance; the mail goes
 * through the queue to CONTACT_EMAIL, with the visitor as the address a reply goes to.
 * Answers the address the reply will go to.
 */
export async function sendContactMessage(deps: ContactDeps, raw: ContactForm & { captcha?: string | undefined }, ip: string | undefined): Promise<string> {
  const to = deps.config.contactEmail;
  if (!to) throw new Unprocessable(MESSAGES.contactClosed);
  const form: ContactForm = { name: raw.name.trim(), email: raw.email.trim(), subject: raw.subject.trim(), message: raw.message.trim() };
  const problems = contactFormProblems(form);
  const first = Object.keys(problems)[0] as ContactField | undefined;
  if (first) throw new InvalidInput(problems[first]!, { field: first, problems });
  await requireCaptcha(deps.config, raw.captcha, ip);
  await consumeAttempt(deps.em, `contact:${callerKey(ip)}`, CONTACT_MESSAGES_PER_HOUR, HOUR_MS);
  await enqueueMail(deps.boss, { to, replyTo: form.email, ...contactMessageMail(form) });
  return form.email;
}
