import { PRODUCT_NAME } from '../../../../domain/constants.js';
import type { MailContent } from '../mail/index.js';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The mail a friend receives from /invite: who invites them and the sign-up link that credits the inviter. */
export function invitationMail(inviterName: string, signUpUrl: string): MailContent {
  const subject = `${inviterName} invited you to ${PRODUCT_NAME}`;
  const intro = `${inviterName} invited you to join ${PRODUCT_NAME}, where creatives and brands collect their social posts and credit the people who made them.`;
  const ignore = "If you don't know this person, you can ignore this email.";
  const html =
    `<!doctype html><html><body style="font-family:Manrope,Arial,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a">` +
    `<p>${escapeHtml(intro)}</p>` +
    `<p><a href="${escapeHtml(signUpUrl)}" style="display:inline-block;padding:10px 18px;border-radius:10px;background:#F76F4A;color:#ffffff;text-decoration:none;font-weight:bold">Sign up free</a></p>` +
    `<p style="font-size:13px;color:#555555">Or paste this link into your browser:<br>${escapeHtml(signUpUrl)}</p>` +
    `<p>${escapeHtml(ignore)}</p><p>— ${PRODUCT_NAME}</p></body></html>`;
  return { subject, text: [intro, `Sign up free: ${signUpUrl}`, ignore, `— ${PRODUCT_NAME}`].join('\n\n'), html };
}
