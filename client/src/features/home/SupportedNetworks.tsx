import { Skeleton } from '@ui/Skeleton';
import { useQuery } from '@apollo/client/react';
import * as MESSAGES from '@domain/messages';
import { NetworksDocument } from '@gql/graphql';
import './supported-networks.css';

export function SupportedNetworks() {
  const { data, loading, error } = useQuery(NetworksDocument);

  if (loading) return <Skeleton lines={2} label="Loading networks…" />;
  // The generic message of docs/product.md §Errors; the networks are not essential to the page.
  if (error || !data) return <p role="alert">{MESSAGES.unexpected}</p>;

  return (
    <ul className="network-list" data-testid="network-list">
      {data.networks.map((network) => (
        <li key={network.id} className="network-list__item" data-network={network.name}>
          {network.title}
        </li>
      ))}
    </ul>
  );
}
