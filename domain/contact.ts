import { hasSpoofingCharacters, validateEmail } from './validation.js';

/**
 * The contact form's rules (docs/product.md §Contact), shared by the page and the server so both
 * say the same thing about the same input.
 */
export interface ContactForm {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export type ContactField = keyof ContactForm;

/** Longest accepted value of each field, in characters. */
export const CONTACT_FIELD_MAX: Readonly<Record<ContactField, number>> = { name: 120, email: 254, subject: 200, message: 5_000 };

const LABELS: Readonly<Record<ContactField, string>> = { name: 'Your name', email: 'Your email', subject: 'The subject', message: 'Your message' };

const REQUIRED: Readonly<Record<Exclude<ContactField, 'email'>, string>> = {
  name: 'Please tell us your name.',
  subject: 'Please give your message a subject.',
  message: 'Please write your message.',
};

/** Messages a person may send from one address (IPv4, or IPv6 /64) per hour. */
export const CONTACT_MESSAGES_PER_HOUR = 5;

/** What the visitor is told once the message is on its way. */
export function contactSentMessage(email: string): string {
  return `Message sent. We'll reply to ${email}.`;
}

/**
 * What is wrong with each field, in the words the form shows beside it; empty when the form can
 * be sent. Values are judged trimmed.
 */
export function contactFormProblems(form: ContactForm): Partial<Record<ContactField, string>> {
  const problems: Partial<Record<ContactField, string>> = {};
  for (const field of ['name', 'email', 'subject', 'message'] as const) {
    const value = form[field].trim();
    if (value.length > CONTACT_FIELD_MAX[field]) problems[field] = `${LABELS[field]} must be ${CONTACT_FIELD_MAX[field]} characters or fewer.`;
    else if (field === 'email') {
      const problem = validateEmail(value);
      if (problem) problems.email = problem;
    } else if (value === '') problems[field] = REQUIRED[field];
    else if (field !== 'message' && hasSpoofingCharacters(value)) problems[field] = `${LABELS[field]} cannot contain invisible characters or characters that change the direction of text.`;
  }
  return problems;
}
