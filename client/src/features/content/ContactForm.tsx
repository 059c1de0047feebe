import { useId, useState, type FormEvent } from 'react';
import { CONTACT_FIELD_MAX, contactFormProblems, type ContactField, type ContactForm as ContactFormValues } from '@domain/contact';
import * as MESSAGES from '@domain/messages';
import { captchaToken } from '@features/auth';
import { ApiError } from '@shell/api';
import { FieldMessages } from '@ui/FieldMessages';
import { TextField } from '@ui/TextField';
import { sendContactMessage } from './contactApi';

interface ContactFormProps {
  /** The subject to start with (`?subject=`, e.g. Book a Demo). */
  initialSubject: string;
  /** reCAPTCHA's site key; null where none is configured. */
  captchaSiteKey: string | null;
}

const FIELD_ORDER: readonly ContactField[] = ['name', 'email', 'subject', 'message'];

/**
 * docs/product.md §Contact: name, email, subject and message, checked by the same rules as the
 * server before sending. A problem is shown beside its field, which takes focus; a failed send
 * keeps everything typed. Once sent, the form gives way to the confirmation.
 */
export function ContactForm({ initialSubject, captchaSiteKey }: ContactFormProps) {
  const [values, setValues] = useState<ContactFormValues>({ name: '', email: '', subject: initialSubject.slice(0, CONTACT_FIELD_MAX.subject), message: '' });
  const [problems, setProblems] = useState<Partial<Record<ContactField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const idPrefix = useId();
  const fieldId = (field: ContactField) => `${idPrefix}-${field}`;

  const change = (field: ContactField) => (value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    // A corrected field stops saying what was wrong with it.
    if (problems[field]) setProblems((previous) => ({ ...previous, [field]: undefined }));
  };

  const showProblems = (found: Partial<Record<ContactField, string>>) => {
    setProblems(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = contactFormProblems(values);
    if (Object.keys(found).length > 0) return showProblems(found);
    setSending(true);
    try {
      const answer = await sendContactMessage(values, await captchaToken(captchaSiteKey, 'contact'));
      setSent(answer.message);
    } catch (error) {
      const field = error instanceof ApiError ? error.details?.field : undefined;
      if (error instanceof ApiError && typeof field === 'string' && FIELD_ORDER.includes(field as ContactField)) showProblems({ [field]: error.message });
      else setFailure(error instanceof ApiError ? error.message : MESSAGES.somethingWentWrong);
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    return (
      <p className="contact-form__sent" role="status">
        {sent}
      </p>
    );
  }

  const messageId = fieldId('message');
  return (
    <form className="contact-form" onSubmit={submit} noValidate aria-label="Contact form">
      <TextField id={fieldId('name')} label="Name" value={values.name} onChange={change('name')} autoComplete="name" required error={problems.name} maxLength={CONTACT_FIELD_MAX.name} />
      <TextField
        id={fieldId('email')}
        label="Email"
        type="email"
        value={values.email}
        onChange={change('email')}
        autoComplete="email"
        required
        hint="We reply to this address."
        error={problems.email}
        maxLength={CONTACT_FIELD_MAX.email}
      />
      <TextField id={fieldId('subject')} label="Subject" value={values.subject} onChange={change('subject')} required error={problems.subject} maxLength={CONTACT_FIELD_MAX.subject} />
      <div className="text-field">
        <label htmlFor={messageId} className="text-field__label">
          Message
        </label>
        <textarea
          id={messageId}
          className="text-input text-field__input contact-form__message"
          value={values.message}
          onChange={(event) => change('message')(event.target.value)}
          required
          rows={8}
          maxLength={CONTACT_FIELD_MAX.message}
          aria-invalid={problems.message ? true : undefined}
          aria-describedby={problems.message ? `${messageId}-error` : undefined}
        />
        <FieldMessages hintId={`${messageId}-hint`} error={problems.message} errorId={`${messageId}-error`} />
      </div>
      {failure && (
        <p className="contact-form__failure" role="alert">
          {failure}
        </p>
      )}
      <div>
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? 'Sending…' : 'Send message'}
        </button>
      </div>
    </form>
  );
}
