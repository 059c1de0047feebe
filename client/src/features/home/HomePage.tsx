import { useQuery } from '@apollo/client/react';
import { MESSAGES } from '@domain/messages';
import { NetworksDocument } from '@gql/graphql';
import { PageFrame } from '@ui/PageFrame';

function SupportedNetworks() {
  const { data, loading, error } = useQuery(NetworksDocument);

  if (loading) return <p role="status">Loading networks…</p>;
  // Spec 8's generic message; the networks are not essential to the page.
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

export default function HomePage() {
  return (
    <PageFrame
      heading="Credit the people behind the posts"
      purpose="Paste a link to a social-media post: Byline imports it, keeps its numbers fresh, and credits the people who made it, from Director and Photographer to Editor."
    >
      <section aria-labelledby="supported-networks-heading" className="home__networks">
        <h2 id="supported-networks-heading">Supported networks</h2>
        <SupportedNetworks />
      </section>
    </PageFrame>
  );
}
