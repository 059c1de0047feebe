import { useQuery } from '@apollo/client/react';
import { useId, useState } from 'react';
import { Link } from '@router';
import { PersonalAccessTokensDocument } from '@gql/graphql';
import { lazyWhenOpen } from '@ui/lazyWhenOpen';
import { Part } from '@ui/Part';
import { preloadable } from '@ui/preloadable';
import { Skeleton } from '@ui/Skeleton';
import { CreateTokenForm } from './CreateTokenForm';
import { TokenList } from './TokenList';
import './developer.css';

const loadNewTokenSecret = () => import('./NewTokenSecret');
/** Only someone who just made a token sees its secret: its code loads while the token is asked for. */
const NewTokenSecret = lazyWhenOpen(loadNewTokenSecret);
/** Webhooks have their own queries and forms: a chunk of their own, out of /settings' first load. */
const Webhooks = preloadable(() => import('./webhooks/WebhooksSection'));

/** The Developer section of /settings: personal access tokens for Byline's API, and webhooks. */
export function DeveloperSettings() {
  const headingId = useId();
  const { data, loading, error, refetch } = useQuery(PersonalAccessTokensDocument, { fetchPolicy: 'cache-and-network' });
  const [secret, setSecret] = useState<string | null>(null);
  const tokens = data?.personalAccessTokens.nodes ?? [];

  const onCreated = (created: string) => {
    setSecret(created);
    void refetch();
  };

  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Developer</h2>
      <p>
        Personal access tokens let your scripts and integrations use Byline’s API as you: send one as{' '}
        <code>Authorization: Bearer &lt;token&gt;</code>. Try it in the <Link to="/developers/explorer">API explorer</Link>.
      </p>

      <NewTokenSecret open={secret !== null} secret={secret ?? ''} onDone={() => setSecret(null)} />

      <h3>Your tokens</h3>
      {loading && !data ? (
        <Skeleton lines={2} label="Loading…" />
      ) : error && !data ? (
        <p className="token-form__problem" role="alert">
          Your tokens could not be loaded. Reload the page to try again.
        </p>
      ) : (
        <TokenList tokens={tokens} onRevoked={() => void refetch()} />
      )}

      <h3>Generate a new token</h3>
      <CreateTokenForm onCreating={() => void loadNewTokenSecret()} onCreated={onCreated} />

      <Part fallback={<Skeleton lines={2} label="Loading…" />}>
        <Webhooks.Component />
      </Part>
    </section>
  );
}
