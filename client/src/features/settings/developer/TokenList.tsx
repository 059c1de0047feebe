import { useState } from 'react';
import type { PersonalAccessTokenItemFragment } from '@gql/graphql';
import { ConfirmDialog } from '@ui/ConfirmDialog';
import { DataTable, type DataTableColumn } from '@ui/DataTable';
import { formatDate } from '@ui/formatDate';
import * as MESSAGES from '@domain/messages';
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

  const columns: ReadonlyArray<DataTableColumn<Token>> = [
    {
      id: 'name',
      header: 'Name',
      rowHeader: true,
      cell: (token) => (
        <>
          {token.name} <span className="token-list__hint">…{token.tokenHint}</span>
        </>
      ),
      sortKey: 'name',
      sortValue: (token) => token.name,
    },
    { id: 'access', header: 'Access', cell: (token) => scopeLabel(token.scope) },
    { id: 'created', header: 'Created', cell: (token) => <DateText iso={token.createdAt} />, sortKey: 'created', sortValue: (token) => token.createdAt, firstDirection: 'descending' },
    { id: 'expires', header: 'Expires', cell: (token) => expiryText(token.expiresAt, now), sortKey: 'expires', sortValue: (token) => token.expiresAt },
    {
      id: 'last-used',
      header: 'Last used',
      cell: (token) => (token.lastUsedAt ? <DateText iso={token.lastUsedAt} /> : 'Never used'),
      sortKey: 'last-used',
      sortValue: (token) => token.lastUsedAt,
      firstDirection: 'descending',
    },
    {
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      cell: (token) => (
        <button type="button" className="button button--outline" disabled={revoking.loading} aria-label={`Revoke ${token.name}`} onClick={() => setConfirming(token)}>
          Revoke
        </button>
      ),
    },
  ];

  return (
    <>
      <DataTable caption="Personal access tokens" captionHidden className="token-list" columns={columns} rows={tokens} rowKey={(token) => token.id} empty="You have no personal access tokens." />
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
