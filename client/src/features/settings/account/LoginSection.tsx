import { useQuery } from '@apollo/client/react';
import { useId } from 'react';
import { Link } from '@router';
import { SettingsViewerDocument } from '@gql/graphql';

/**
 * Email and login methods live on their own page (/settings/login); this says where and shows
 * the address (from the profile's query, already in the cache).
 */
export function LoginSection() {
  const headingId = useId();
  const { data } = useQuery(SettingsViewerDocument, { fetchPolicy: 'cache-first' });
  const email = data?.viewer?.email ?? null;
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Email and login methods</h2>
      {email && (
        <p>
          Your email address is <strong>{email}</strong>.
        </p>
      )}
      <p className="settings-links">
        <Link to="/settings/login">Manage login methods</Link>
        <Link to="/settings/accounts">Connected accounts</Link>
        <Link to="/invite">Invite a friend</Link>
      </p>
    </section>
  );
}
