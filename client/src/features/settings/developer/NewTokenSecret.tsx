import { useId, useRef, useState } from 'react';

type CopyState = 'idle' | 'copied' | 'failed';

interface NewTokenSecretProps {
  secret: string;
  onDone(): void;
  /** What the secret is, for a webhook's signing secret; a personal access token when left out. */
  title?: string;
  fieldLabel?: string;
  copiedText?: string;
}

/**
 * The secret of a token just created: shown this once, with a copy button and a warning. Loaded
 * when a token is asked for (DeveloperSettings), not with /settings.
 */
export default function NewTokenSecret({ secret, onDone, title = 'Copy your new token now', fieldLabel = 'New personal access token', copiedText = 'Token copied to the clipboard.' }: NewTokenSecretProps) {
  const headingId = useId();
  const warningId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');

  async function copySecret() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      // No clipboard access (permissions, an old browser): select it so the keyboard can copy it.
      field.current?.select();
      setCopy('failed');
    }
  }

  return (
    <section className="notice notice--warning token-secret" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      <p id={warningId}>You won’t be able to see it again. Store it somewhere safe, such as a password manager or your integration’s secret settings.</p>
      <div className="token-secret__row">
        <input
          ref={field}
          className="text-input token-secret__value"
          readOnly
          value={secret}
          aria-label={fieldLabel}
          aria-describedby={warningId}
          spellCheck={false}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="button button--primary" onClick={() => void copySecret()}>
          {copy === 'copied' ? 'Copied' : 'Copy'}
        </button>
      </div>
      <p className="token-secret__status" role="status">
        {copy === 'copied' && copiedText}
        {copy === 'failed' && 'Copying is not available here: it is selected, copy it with your keyboard.'}
      </p>
      <button type="button" className="button button--outline" onClick={onDone}>
        I have copied it
      </button>
    </section>
  );
}
