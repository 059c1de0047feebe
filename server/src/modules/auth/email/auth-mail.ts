import type { AppError } from '../../../errors/app-errors.js';
import type { Logger } from '../../../logger.js';
import type { MailMessage, Mailer } from '../../mail/index.js';

/**
 * Sends a mail the caller cannot do without (code, link). A failure is logged with its cause
 * and becomes `failure`, which callers throw inside their transaction so nothing is kept.
 */
export async function sendAuthMail(mailer: Mailer, logger: Logger, message: MailMessage, failure: () => AppError): Promise<void> {
  try {
    await mailer.send(message);
  } catch (error) {
    logger.warn({ err: error, to: message.to, subject: message.subject }, 'auth mail could not be sent');
    throw failure();
  }
}
