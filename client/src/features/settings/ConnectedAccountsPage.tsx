import { useQuery } from '@apollo/client/react';
import { useId } from 'react';
import { ViewerSocialAccountsDocument } from '@gql/graphql';
import { EmptyState } from '@ui/EmptyState';
import { PageFrame } from '@ui/PageFrame';
import { Skeleton } from '@ui/Skeleton';
import { ConnectAccountForm } from './accounts/ConnectAccountForm';
import { ConnectedAccountItem } from './accounts/ConnectedAccountItem';
import './accounts/accounts.css';

/**
 * /settings/accounts: connect a social account by username or profile link, prove it is yours
 * with a code in its bio, see which are verified, disconnect. Verified accounts' posts show on
 * your profile as yours.
 */
export default function ConnectedAccountsPage() {
  const listHeading = useId();
  const { data, loading, error, refetch } = useQuery(ViewerSocialAccountsDocument, { fetchPolicy: 'cache-and-network' });
  const accounts = data?.viewerSocialAccounts ?? [];
  const reload = () => void refetch();

  return (
    <PageFrame heading="Connected accounts" purpose="The social accounts connected to your profile.">
      <ConnectAccountForm onConnected={reload} />
      <section aria-labelledby={listHeading}>
        <h2 id={listHeading}>Your accounts</h2>
        {loading && !data ? (
          <Skeleton shape="card" lines={2} label="Loading…" />
        ) : error && !data ? (
          <p className="account-form__problem" role="alert">
            Your accounts could not be loaded. Reload the page to try again.
          </p>
        ) : accounts.length === 0 ? (
          <EmptyState title="No accounts connected yet.">
            <p>Connect one above: its posts will show on your profile as yours.</p>
          </EmptyState>
        ) : (
          <ul className="connected-accounts">
            {accounts.map((connected) => (
              <ConnectedAccountItem key={connected.account.id} connected={connected} onChanged={reload} />
            ))}
          </ul>
        )}
      </section>
    </PageFrame>
  );
}
