import { useState, type FormEvent } from 'react';
import type { TeamPageQuery } from '@gql/graphql';
import { useMutationLoadedOnUse } from '@shell/useMutationLoadedOnUse';
import { EmptyState } from '@ui/EmptyState';
import { Select } from '@ui/Select';
import { TextField } from '@ui/TextField';
import { useToast } from '@ui/toastContext';
import { loadAddTeamAccount, loadRemoveTeamAccount } from './loadMutationDocument';
import { teamRefusal } from './teamErrors';
import { useTeamTools } from './teamTools';

type ManagedAccounts = NonNullable<TeamPageQuery['teamByDatabaseId']>['managedAccounts']['nodes'];

/** Stable (useMutationLoadedOnUse's options must be): the page shows the change. */
const REFETCH = { refetchQueries: ['TeamPage'] };

/** The social accounts the team manages: its members may credit people on their posts. */
export function ManagedAccountsSection({ accounts, networks }: { accounts: ManagedAccounts; networks: TeamPageQuery['networks'] }) {
  const tools = useTeamTools();
  const toast = useToast();
  const [network, setNetwork] = useState(networks[0]?.id ?? '');
  const [handle, setHandle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [addAccount, { loading }] = useMutationLoadedOnUse(loadAddTeamAccount, REFETCH);
  const [removeAccount] = useMutationLoadedOnUse(loadRemoveTeamAccount, REFETCH);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!tools.upgradeCheck()) return;
    try {
      await addAccount({ variables: { input: { teamId: tools.teamId, account: { networkId: network, handle } } } });
      setHandle('');
    } catch (failure) {
      const refusal = teamRefusal(failure);
      if (refusal.needsTeamsSubscription) tools.showUpgrade();
      else setError(refusal.message);
    }
  };

  return (
    <section className="teams__section" aria-labelledby="team-accounts">
      <h2 id="team-accounts" className="teams__subheading">
        Managed accounts
      </h2>
      <p className="teams__muted">The team’s members can credit people on these accounts’ posts, and the posts can go into the team’s reports.</p>
      {accounts.length === 0 ? (
        <EmptyState title="No accounts yet." />
      ) : (
        <ul className="teams__list">
          {accounts.map((managed) => (
            <li key={managed.id} className="teams__row">
              <span>
                @{managed.account.handle} <span className="teams__muted">{managed.account.network.title}</span>
              </span>
              {tools.manage && (
                <button
                  type="button"
                  className="button button--outline button--small"
                  aria-label={`Stop managing @${managed.account.handle}`}
                  onClick={() => void removeAccount({ variables: { input: { managedAccountId: managed.id } } }).catch((failure: unknown) => toast.error(teamRefusal(failure).message))}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {tools.manage && (
        <form className="teams__invite" onSubmit={submit} aria-label="Add an account">
          <Select label="Network" value={network} options={networks.map((option) => ({ value: option.id, label: option.title }))} onChange={setNetwork} />
          <TextField label="Username or profile link" value={handle} required maxLength={300} onChange={setHandle} />
          <button type="submit" className="button button--primary" disabled={loading}>
            Add account
          </button>
          {error && (
            <p className="teams__error" role="alert">
              {error}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
