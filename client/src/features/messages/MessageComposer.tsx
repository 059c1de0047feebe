import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MAX_MESSAGE_LENGTH, checkMessageBody } from '@domain/conversations';
import './compose.css';

interface MessageComposerProps {
  /** The text field's label (visible to screen readers, and as the placeholder). */
  label: string;
  /** Sends the text; resolves to an error message to show, or null once sent. */
  onSend: (body: string) => Promise<string | null>;
  submitLabel?: string;
  autoFocus?: boolean;
}

/**
 * The box a message is written in: a labelled text area, its length left, and Send. Ctrl or Cmd
 * with Enter sends too (Enter alone makes a new line, as in mail). The text stays until the server
 * took it, so a refusal loses nothing.
 */
export function MessageComposer({ label, onSend, submitLabel = 'Send', autoFocus = false }: MessageComposerProps) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const fieldId = useId();
  const errorId = useId();

  const send = async () => {
    const checked = checkMessageBody(body);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    setSending(true);
    const refusal = await onSend(checked.body);
    setSending(false);
    setError(refusal);
    if (refusal === null) setBody('');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <form className="message-composer" onSubmit={onSubmit}>
      <label htmlFor={fieldId} className="visually-hidden">
        {label}
      </label>
      <textarea
        id={fieldId}
        className="text-input message-composer__field"
        value={body}
        placeholder={label}
        rows={3}
        maxLength={MAX_MESSAGE_LENGTH}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {error && (
        <p id={errorId} className="message-composer__error" role="alert">
          {error}
        </p>
      )}
      <div className="message-composer__actions">
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? 'Sending…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
