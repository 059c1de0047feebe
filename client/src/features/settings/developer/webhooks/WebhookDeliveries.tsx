import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import * as MESSAGES from '@domain/messages';
import { RedeliverWebhookDeliveryDocument, WebhookDeliveriesDocument, type WebhookDeliveryItemFragment } from '@gql/graphql';
import { serverRefusal } from '@shell/serverError';
import { DataTable, type DataTableColumn } from '@ui/DataTable';
import { DateText } from '@ui/DateText';
import { DELIVERIES_PAGE_SIZE, OUTCOME_LABELS, WEBHOOK_EVENT_LABELS } from './webhookChoices';

type Delivery = WebhookDeliveryItemFragment;

interface WebhookDeliveriesProps {
  webhookId: string;
  /** The endpoint's address, naming the table for screen readers. */
  url: string;
}

function statusText(delivery: Delivery): string {
  const outcome = OUTCOME_LABELS[delivery.outcome];
  return delivery.responseStatus === null ? outcome : `${delivery.responseStatus} · ${outcome}`;
}

/**
 * One endpoint's delivery log, newest first, a page at a time: what was sent, when, and what the
 * receiver answered; any delivery can be sent again (docs/product.md §Webhooks).
 */
export function WebhookDeliveries({ webhookId, url }: WebhookDeliveriesProps) {
  const { data, loading, error, fetchMore, refetch } = useQuery(WebhookDeliveriesDocument, {
    variables: { id: webhookId, first: DELIVERIES_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const [redeliver, redelivering] = useMutation(RedeliverWebhookDeliveryDocument);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const connection = data?.node?.__typename === 'Webhook' ? data.node.deliveries : null;

  async function sendAgain(delivery: Delivery) {
    setNotice(null);
    setProblem(null);
    try {
      await redeliver({ variables: { input: { id: delivery.id } } });
      setNotice('Redelivery queued. It appears here once sent.');
    } catch (failure) {
      setProblem(serverRefusal(failure)?.message ?? MESSAGES.somethingWentWrong);
    }
  }

  const loadMore = () =>
    fetchMore({
      variables: { after: connection?.pageInfo.endCursor ?? null },
      updateQuery: (previous, { fetchMoreResult }) => {
        if (previous.node?.__typename !== 'Webhook' || fetchMoreResult.node?.__typename !== 'Webhook') return fetchMoreResult;
        return { ...fetchMoreResult, node: { ...fetchMoreResult.node, deliveries: { ...fetchMoreResult.node.deliveries, nodes: [...previous.node.deliveries.nodes, ...fetchMoreResult.node.deliveries.nodes] } } };
      },
    });

  const columns: ReadonlyArray<DataTableColumn<Delivery>> = [
    {
      id: 'event',
      header: 'Event',
      rowHeader: true,
      cell: (delivery) => (
        <>
          {WEBHOOK_EVENT_LABELS[delivery.event]}
          {delivery.redelivery && <span className="token-list__hint"> (redelivery)</span>}
        </>
      ),
    },
    { id: 'time', header: 'Time', cell: (delivery) => <DateText iso={delivery.createdAt} /> },
    { id: 'status', header: 'Status', cell: statusText },
    { id: 'duration', header: 'Duration', cell: (delivery) => (delivery.durationMs === null ? '—' : `${delivery.durationMs} ms`) },
    {
      id: 'response',
      header: 'Response',
      cell: (delivery) => <code className="webhook-deliveries__excerpt">{delivery.responseExcerpt ?? delivery.error ?? '—'}</code>,
    },
    {
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      cell: (delivery) => (
        <button type="button" className="button button--outline" disabled={redelivering.loading} aria-label={`Redeliver ${WEBHOOK_EVENT_LABELS[delivery.event]} delivery ${delivery.databaseId}`} onClick={() => void sendAgain(delivery)}>
          Redeliver
        </button>
      ),
    },
  ];

  if (!connection && error) return <p role="alert">{MESSAGES.unexpected}</p>;
  return (
    <div className="webhook-deliveries">
      <div className="webhook-deliveries__bar">
        <p className="token-list__hint">{connection ? `${connection.totalCount} ${connection.totalCount === 1 ? 'delivery' : 'deliveries'}` : 'Loading deliveries…'}</p>
        <button type="button" className="button button--outline" disabled={loading} onClick={() => void refetch()}>
          Refresh
        </button>
      </div>
      {connection && (
        <DataTable caption={`Deliveries to ${url}`} captionHidden className="webhook-deliveries__table" columns={columns} rows={connection.nodes} rowKey={(delivery) => delivery.id} empty="Nothing has been sent to this webhook yet." loading={loading} />
      )}
      <p role="status" className="token-list__hint">
        {notice}
      </p>
      {problem && (
        <p className="token-form__problem" role="alert">
          {problem}
        </p>
      )}
      {connection?.pageInfo.hasNextPage && (
        <button type="button" className="button button--outline" disabled={loading} onClick={() => void loadMore()}>
          {loading ? 'Loading…' : 'Load more'}
        </button>
      )}
    </div>
  );
}
