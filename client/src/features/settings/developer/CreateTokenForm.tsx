import { useState, type FormEvent } from 'react';
import type { PersonalAccessTokenScope } from '@gql/graphql';
import * as MESSAGES from '@domain/messages';
import { serverRefusal } from '@shell/serverError';
import { useMutationLoadedOnUse } from '@shell/useMutationLoadedOnUse';
import { Select } from '@ui/Select';
import { TextField } from '@ui/TextField';
import { DEFAULT_EXPIRY_DAYS, EXPIRY_CHOICES, SCOPE_CHOICES } from './tokenChoices';
import { loadCreateToken } from '../loadMutationDocument';

const NO_EXPIRY = 'never';
const EXPIRY_OPTIONS = EXPIRY_CHOICES.map((choice) => ({ value: choice.days === null ? NO_EXPIRY : String(choice.days), label: choice.label }));

interface CreateTokenFormProps {
  /** A token is being asked for (the secret's view can start loading). */
  onCreating?(): void;
  /** The secret, which the server shows this once. */
  onCreated(secret: string): void;
}

/** Names a new token, picks its lifetime and scope, and asks the server for it. */
export function CreateTokenForm({ onCreating, onCreated }: CreateTokenFormProps) {
  const [createToken, { loading }] = useMutationLoadedOnUse(loadCreateToken);
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState(String(DEFAULT_EXPIRY_DAYS));
  // Least privilege first: most integrations only read.
  const [scope, setScope] = useState<PersonalAccessTokenScope>('READ_ONLY');
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    onCreating?.();
    try {
      const { data } = await createToken({
        variables: { input: { name, scope, expiresInDays: expiry === NO_EXPIRY ? null : Number(expiry) } },
      });
      const secret = data?.createPersonalAccessToken.secret;
      if (!secret) throw new Error('no secret in the answer');
      setName('');
      onCreated(secret);
    } catch (error) {
      setProblem(serverRefusal(error)?.message ?? MESSAGES.somethingWentWrong);
    }
  }

  return (
    <form className="token-form" onSubmit={(event) => void submit(event)}>
      <TextField label="Token name" value={name} maxLength={100} required placeholder="What is this token for?" onChange={setName} />
      <Select
        label="Expiration"
        value={expiry}
        options={EXPIRY_OPTIONS}
        hint={expiry === NO_EXPIRY ? 'A token that never expires keeps working until you revoke it: prefer an expiration date.' : 'You can revoke it sooner at any time.'}
        onChange={setExpiry}
      />
      <fieldset className="token-form__field token-form__scopes">
        <legend>Access</legend>
        {SCOPE_CHOICES.map((choice) => (
          <label key={choice.scope} className="token-form__scope">
            <input type="radio" name="scope" value={choice.scope} checked={scope === choice.scope} onChange={() => setScope(choice.scope)} />
            <span>
              <strong>{choice.label}</strong> <span className="token-form__hint">{choice.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {problem && (
        <p className="token-form__problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={loading}>
        {loading ? 'Generating…' : 'Generate token'}
      </button>
    </form>
  );
}
