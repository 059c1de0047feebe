import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { ConnectableNetworksDocument, ConnectSocialAccountDocument } from '@gql/graphql';
import * as MESSAGES from '@domain/messages';
import { serverRefusal } from '@shell/serverError';
import { Select } from '@ui/Select';
import { handleExample } from './accountText';

interface ConnectAccountFormProps {
  onConnected(): void;
}

/** Picks a network and names the account by username or profile link; the server answers with the code for its bio. */
export function ConnectAccountForm({ onConnected }: ConnectAccountFormProps) {
  const ids = { handle: useId(), hint: useId() };
  const { data } = useQuery(ConnectableNetworksDocument);
  // Personal websites have no handle to put a code under.
  const networks = (data?.networks ?? []).filter((network) => network.profileBaseUrl !== null);
  const [networkId, setNetworkId] = useState('');
  const [handleOrUrl, setHandleOrUrl] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [connect, { loading }] = useMutation(ConnectSocialAccountDocument);
  const chosen = networks.find((network) => network.id === networkId) ?? networks[0];

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return;
    setProblem(null);
    try {
      await connect({ variables: { input: { networkId: chosen.id, handleOrUrl } } });
      setHandleOrUrl('');
      onConnected();
    } catch (error) {
      setProblem(serverRefusal(error)?.message ?? MESSAGES.somethingWentWrong);
    }
  }

  return (
    <form className="account-form" onSubmit={(event) => void submit(event)}>
      <Select
        label="Network"
        className="account-form__field"
        value={chosen?.id ?? ''}
        options={networks.map((network) => ({ value: network.id, label: network.title }))}
        onChange={setNetworkId}
      />
      <div className="account-form__field account-form__field--grow">
        <label htmlFor={ids.handle}>Username or profile link</label>
        <input
          id={ids.handle}
          className="text-input"
          value={handleOrUrl}
          required
          maxLength={2048}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-describedby={ids.hint}
          aria-invalid={problem !== null}
          placeholder={chosen ? handleExample(chosen) : ''}
          onChange={(event) => setHandleOrUrl(event.target.value)}
        />
      </div>
      <button type="submit" className="button button--primary" disabled={loading || !chosen}>
        {loading ? 'Looking it up…' : 'Connect'}
      </button>
      <p id={ids.hint} className="account-form__hint">
        We look the account up, then give you a short code to put in its bio.
      </p>
      {problem && (
        <p className="account-form__problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
