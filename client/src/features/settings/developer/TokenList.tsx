import { useState } from 'react';
import type { PersonalAccessTokenItemFragment } from '@gql/graphql';
import { ConfirmDialog } from '@ui/ConfirmDialog';
import { formatDate } from '@ui/formatDate';
import { MESSAGES } from '@domain/messages';
import { serverRefusal } from '@shell/serverError';
import { DateText } from '@ui/DateText';
import { useMutationLoadedOnUse } from '@shell/useMutationLoadedOnUse';
import { scopeLabel } from './tokenChoices';
import { loadRevokeToken } from '../loadMutationDocument';

type Token = PersonalAccessTokenItemFragment;

function expiryText(expiresAt: string | null, now: Date): string {
  if (!expiresAt) return 'Never';
  return new Date(expiresAt) <= now ? `Expired ${formatDate(expiresAt)}` : formatDate(expiresAt);
}

interface TokenListProps {
  tokens: readonly Token[];
  onRevoked(): void;
}

/** The viewer's tokens: what each is for and may do, its dates, and a way to revoke it. */
export function TokenList({ tokens, onRevoked }: TokenListProps) {
  const [revokeToken, revoking] = useMutationLoadedOnUse(loadRevokeToken);
  const [confirming, setConfirming] = useState<Token | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const now = new Date();

  async function revoke(token: Token) {
    setConfirming(null);
    setProblem(null);
    try {
      await revokeToken({ variables: { input: { id: token.id } } });
      onRevoked();
    } catch (error) {
      setProblem(serverRefusal(error)?.message ?? MESSAGES.somethingWentWrong);
    }
  }

  if (tokens.length === 0) return <p className="token-list__empty">You have no personal access tokens.</p>;
  return (
    <>
      <table className="token-list">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Access</th>
            <th scope="col">Created</th>
            <th scope="col">Expires</th>
            <th scope="col">Last used</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tokens.map((token) => (
            <tr key={token.id}>
              <th scope="row">
                {token.name} <span className="token-list__hint">…{token.tokenHint}</span>
              </th>
              <td>{scopeLabel(token.scope)}</td>
              <td><DateText iso={token.createdAt} /></td>
              <td>{expiryText(token.expiresAt, now)}</td>
              <td>{token.lastUsedAt ? <DateText iso={token.lastUsedAt} /> : 'Never used'}</td>
              <td>
                <button type="button" className="button button--outline" disabled={revoking.loading} aria-label={`Revoke ${token.name}`} onClick={() => setConfirming(token)}>
                  Revoke
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {problem && (
        <p className="token-form__problem" role="alert">
          {problem}
        </p>
      )}
      <ConfirmDialog open={confirming !== null} title="Revoke token?" yesLabel="Revoke" noLabel="Cancel" primary="no" onYes={() => confirming && void revoke(confirming)} onNo={() => setConfirming(null)}>
        {confirming && `Anything using “${confirming.name}” stops working at once, including live subscriptions. This cannot be undone.`}
      </ConfirmDialog>
    </>
  );
}
