import { z } from 'zod';
import { CONTACT_FIELD_MAX } from '../../../../domain/contact.js';

/** A form field: text, at most a little over its limit (the service says what is wrong in the form's words). */
function formText(name: string, max: number) {
  return z.string({ error: `${name} must be text.` }).max(max * 2, { error: `${name} is too long.` }).default('');
}

/** POST /api/contact { name, email, subject, message, captcha } (docs/product.md §Contact). */
export const contactBody = z.object(
  {
    name: formText('name', CONTACT_FIELD_MAX.name),
    email: formText('email', CONTACT_FIELD_MAX.email),
    subject: formText('subject', CONTACT_FIELD_MAX.subject),
    message: formText('message', CONTACT_FIELD_MAX.message),
    captcha: z.string({ error: 'captcha must be text.' }).max(10_000).optional(),
  },
  { error: 'The message must be a JSON object.' },
);
