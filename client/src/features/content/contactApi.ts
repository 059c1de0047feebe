import type { ContactForm } from '@domain/contact';
import { apiCall } from '@shell/api';

/** GET /api/contact: whether the operator set an address for the form (docs/product.md §Contact). */
export const fetchContactFormOpen = () => apiCall<{ open: boolean }>('GET', '/contact');

/** POST /api/contact: sends the message; resolves with the confirmation to show. */
export const sendContactMessage = (form: ContactForm, captcha: string) => apiCall<{ email: string; message: string }>('POST', '/contact', { ...form, captcha });
