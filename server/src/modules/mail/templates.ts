import { PRODUCT_NAME } from '../../../../domain/constants.js';
import type { MailMessage } from './mailer.js';

/** The words of a mail before it has an address: the same text as plain text and as simple HTML. */
export type MailContent = Omit<MailMessage, 'to'>;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Paragraphs of plain text become the HTML body; a line that is a link becomes a button-like link. */
function compose(subject: string, paragraphs: string[], action?: { label: string; url: string }): MailContent {
  const text = [...paragraphs.slice(0, 1), ...(action ? [`${action.label}: ${action.url}`] : []), ...paragraphs.slice(1), `— ${PRODUCT_NAME}`].join('\n\n');
  const htmlParagraphs = paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`);
  const htmlAction = action
    ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;border-radius:10px;background:#F76F4A;color:#ffffff;text-decoration:none;font-weight:bold">${escapeHtml(action.label)}</a></p>` +
      `<p style="font-size:13px;color:#555555">Or paste this link into your browser:<br>${escapeHtml(action.url)}</p>`
    : '';
  const html =
    `<!doctype html><html><body style="font-family:Manrope,Arial,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a">` +
    `${htmlParagraphs.slice(0, 1).join('')}${htmlAction}${htmlParagraphs.slice(1).join('')}<p>— ${PRODUCT_NAME}</p></body></html>`;
  return { subject, text, html };
}

export function verificationCodeMail(code: string): MailContent {
  const html = compose(`Your ${PRODUCT_NAME} code: ${code}`, [
    `Your ${PRODUCT_NAME} verification code is ${code}`,
    'Enter it on the sign-up page to confirm your email address. It works once and expires in 10 minutes.',
    "If you didn't ask for this code, you can ignore this email.",
  ]);
  // The code stands out in the HTML version, where it is easy to double-click and copy.
  return { ...html, html: html.html.replace(escapeHtml(code), `<strong style="font-size:22px;letter-spacing:3px">${escapeHtml(code)}</strong>`) };
}

export function magicLinkMail(url: string): MailContent {
  return compose(`Sign in to ${PRODUCT_NAME}`, ['Use the link below to sign in to your account.', "The link works once and expires in 15 minutes. If you didn't ask for it, you can ignore this email."], {
    label: `Sign in to ${PRODUCT_NAME}`,
    url,
  });
}

export function passwordResetMail(url: string): MailContent {
  return compose(`Reset your ${PRODUCT_NAME} password`, ['Someone asked to reset the password of your account. Use the link below to choose a new one.', "The link works once and expires in 1 hour. If you didn't ask for it, you can ignore this email: your password stays the same."], {
    label: 'Choose a new password',
    url,
  });
}

export function passwordChangedMail(settingsUrl: string): MailContent {
  return compose(
    `Your ${PRODUCT_NAME} password was changed`,
    [
      'The password of your account was just changed with a reset link, and every device, app and access token signed in to your account was signed out.',
      "If that was you, there is nothing more to do. If it wasn't, reset your password again right away and check your email account's security: the reset link was sent to it.",
    ],
    { label: 'Review your login methods', url: settingsUrl },
  );
}

/** What a credit mail says about the credit: who gave it, for what, on which post. */
export interface CreditMailFacts {
  adderName: string;
  /** The role with its emoji, e.g. "🎬 Director". */
  role: string;
  /** The post in words, e.g. "@maya.makes’s post". */
  post: string;
}

/** To someone not on Byline yet: the link claims the credit once they have an account. */
export function creditInviteMail(facts: CreditMailFacts, claimUrl: string): MailContent {
  return compose(
    `${facts.adderName} credited you on ${PRODUCT_NAME}`,
    [
      `${facts.adderName} credited you as ${facts.role} on ${facts.post}.`,
      `Sign up or sign in to ${PRODUCT_NAME} with the link to claim the credit; it shows on your profile once you accept it. The link works for 30 days. If this is not you, you can ignore this email: nothing is shown until the credit is accepted.`,
    ],
    { label: 'Claim your credit', url: claimUrl },
  );
}

/** An invitation to join a team: the link accepts it (signing up first when needed). */
export function teamInvitationMail(facts: { inviterName: string; teamName: string; days: number }, acceptUrl: string): MailContent {
  return compose(
    `${facts.inviterName} invited you to join ${facts.teamName} on ${PRODUCT_NAME}`,
    [
      `${facts.inviterName} invited you to join the team ${facts.teamName} on ${PRODUCT_NAME}.`,
      `The link works once, for ${facts.days} days. Sign up with this email address if you are not on ${PRODUCT_NAME} yet. If you were not expecting this, you can ignore this email.`,
    ],
    { label: 'Accept the invitation', url: acceptUrl },
  );
}

/** To someone not on Byline yet, invited into a project by email: the link answers the invitation once they have an account. */
export function projectInvitationMail(facts: { inviterName: string; projectName: string; role: string; days: number }, claimUrl: string): MailContent {
  return compose(
    `${facts.inviterName} invited you into the project ${facts.projectName} on ${PRODUCT_NAME}`,
    [
      `${facts.inviterName} invited you into the project ${facts.projectName} on ${PRODUCT_NAME}, as ${facts.role}.`,
      `Sign up or sign in to ${PRODUCT_NAME} with the link to accept or decline; any address will do. The link works once, for ${facts.days} days. If you were not expecting this, you can ignore this email.`,
    ],
    { label: 'See the invitation', url: claimUrl },
  );
}

/**
 * To someone a person started a conversation with: who wrote, and a link into the app to read and
 * answer. Neither the message nor the sender's address is in it: messages are read and answered
 * in the app only (docs/product.md §Messages).
 */
export function newConversationMail(facts: { senderName: string }, conversationUrl: string, footer: PreferenceMailFooter): MailContent {
  return withFooter(
    compose(
      `${facts.senderName} sent you a message on ${PRODUCT_NAME}`,
      [`${facts.senderName} sent you a message on ${PRODUCT_NAME}.`, `Sign in to ${PRODUCT_NAME} to read it and reply. You get this email once per new conversation, not for every message.`],
      { label: 'Read and reply', url: conversationUrl },
    ),
    footer,
  );
}

/** To the operator (CONTACT_EMAIL): a message from the /contact form; replying answers the visitor. */
export function contactMessageMail(form: { name: string; email: string; subject: string; message: string }): MailContent {
  return compose(`Contact: ${form.subject}`, [`${form.name} <${form.email}> wrote through the contact form:`, form.message, 'Reply to this email to answer them.']);
}

/** The footer of a mail a person may turn off: why it came, where to change it, how to stop it. */
export interface PreferenceMailFooter {
  /** Why it came, e.g. "You get this mail because Credits notifications are set to mail you at once." */
  reason: string;
  settingsUrl: string;
  unsubscribeUrl: string;
}

function withFooter(content: MailContent, footer: PreferenceMailFooter): MailContent {
  const text = `${content.text}\n\n${footer.reason}\nChange your notification settings: ${footer.settingsUrl}\nUnsubscribe: ${footer.unsubscribeUrl}`;
  const htmlFooter =
    `<p style="font-size:13px;color:#555555">${escapeHtml(footer.reason)} ` +
    `<a href="${escapeHtml(footer.settingsUrl)}">Change your notification settings</a> or <a href="${escapeHtml(footer.unsubscribeUrl)}">unsubscribe</a>.</p>`;
  return { ...content, text, html: content.html.replace('</body>', `${htmlFooter}</body>`) };
}

/** One notification, mailed at once: its message, a button to what it is about, the footer. */
export function notificationMail(facts: { message: string; actionLabel: string; url: string }, footer: PreferenceMailFooter): MailContent {
  const subject = facts.message.length > 120 ? `${facts.message.slice(0, 119)}…` : facts.message;
  return withFooter(compose(subject, [`${facts.message}.`.replace(/([.!?…])\.$/, '$1')], { label: facts.actionLabel, url: facts.url }), footer);
}

/** The daily digest: every notification waiting for it, oldest first, each with its link. */
export function notificationDigestMail(
  items: Array<{ message: string; url: string }>,
  action: { label: string; url: string },
  footer: PreferenceMailFooter,
  sections: Array<{ title: string; summary: string; items: Array<{ message: string; url: string }> }> = [],
): MailContent {
  const summaries = [...(items.length > 0 ? [`${items.length} ${items.length === 1 ? 'notification' : 'notifications'}`] : []), ...sections.map((section) => section.summary)];
  const subject = `Your ${PRODUCT_NAME} digest: ${summaries.join(', ')}`;
  const lines = (list: Array<{ message: string; url: string }>) => list.map((item) => `${item.message}: ${item.url}`);
  const paragraphs = ['Here is what happened since your last digest.', ...lines(items), ...sections.flatMap((section) => [`${section.title}:`, ...lines(section.items)])];
  return withFooter(compose(subject, paragraphs, action), footer);
}
