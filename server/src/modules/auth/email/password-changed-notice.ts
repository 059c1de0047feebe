import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../../../config.js';
import type { Logger } from '../../../logger.js';
import type { Mailer } from '../../mail/index.js';
import { passwordChangedMail, publicLink } from '../../mail/index.js';
import { notifyUser } from '../../notifications/index.js';

export const PASSWORD_CHANGED_KIND = 'password_changed';
const NOTICE = 'Your password was changed with a reset link. Every device, app and access token signed in to your account was signed out.';
const LOGIN_SETTINGS_PATH = '/settings/login';

/** The in-app notice of a reset, written in the reset's transaction so it exists exactly when the reset does. */
export async function recordPasswordChangedNotice(tx: EntityManager, userId: number): Promise<void> {
  await notifyUser(tx, userId, { kind: PASSWORD_CHANGED_KIND, message: NOTICE, link: LOGIN_SETTINGS_PATH });
}

/**
 * Mails the owner that the password changed, after the reset is committed. The password has
 * changed whether or not the mail goes out, so a failure is logged and not the caller's to undo.
 */
export async function mailPasswordChangedNotice(deps: { config: AppConfig; mailer: Mailer; logger: Logger }, email: string): Promise<void> {
  try {
    await deps.mailer.send({ to: email, ...passwordChangedMail(publicLink(deps.config.publicUrl, LOGIN_SETTINGS_PATH)) });
  } catch (error) {
    deps.logger.warn({ err: error, to: email }, 'password-changed notice could not be mailed');
  }
}
