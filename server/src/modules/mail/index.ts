/**
 * What the mail module offers the rest of Byline. Other modules, the registry and
 * tests import these, never a file of the module directly (docs/architecture.md).
 */
export { limitMailToAddress } from './mail-limits.js';
export { MAIL_QUEUE, enqueueMail, startMailQueue } from './mail-queue.js';
export { createMailer } from './mailer.js';
export type { MailMessage, Mailer } from './mailer.js';
export { publicLink } from './public-link.js';
export {
  contactMessageMail,
  creditInviteMail,
  magicLinkMail,
  newConversationMail,
  notificationDigestMail,
  notificationMail,
  passwordChangedMail,
  passwordResetMail,
  projectInvitationMail,
  teamInvitationMail,
  verificationCodeMail,
} from './templates.js';
export type { CreditMailFacts, MailContent, PreferenceMailFooter } from './templates.js';
