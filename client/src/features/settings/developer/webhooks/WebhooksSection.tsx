import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { SettingsWebhooksDocument } from '@gql/graphql';
import { Skeleton } from '@ui/Skeleton';
import NewTokenSecret from '../NewTokenSecret';
import { CreateWebhookForm } from './CreateWebhookForm';
import { WebhookList } from './WebhookList';
import './webhooks.css';

/**
 * Webhooks beside the personal access tokens (docs/product.md §Webhooks): the viewer's endpoints,
 * their delivery logs, and registering one. Loaded apart from /settings (DeveloperSettings), so
 * the page's first load does not carry it.
 */
export default function WebhooksSection() {
  const { data, loading, error, refetch } = useQuery(SettingsWebhooksDocument, { fetchPolicy: 'cache-and-network' });
  const [secret, setSecret] = useState<string | null>(null);
  const webhooks = data?.webhooks.nodes ?? [];

  const onSecret = (shown: string) => {
    setSecret(shown);
    void refetch();
  };

  return (
    <>
      <h3>Webhooks</h3>
      <p>Byline POSTs a signed JSON event to each of your endpoints when something happens. Check the <code>Byline-Signature</code> header with the endpoint’s secret.</p>
      {secret !== null && <NewTokenSecret secret={secret} title="Copy your webhook secret now" fieldLabel="Webhook signing secret" copiedText="Secret copied to the clipboard." onDone={() => setSecret(null)} />}
      {loading && !data ? (
        <Skeleton lines={2} label="Loading…" />
      ) : error && !data ? (
        <p className="token-form__problem" role="alert">
          Your webhooks could not be loaded. Reload the page to try again.
        </p>
      ) : (
        <WebhookList webhooks={webhooks} onRotated={onSecret} onDeleted={() => void refetch()} />
      )}
      <h3>Add a webhook</h3>
      <CreateWebhookForm onCreated={onSecret} />
    </>
  );
}
