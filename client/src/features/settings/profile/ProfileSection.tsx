import { useQuery } from '@apollo/client/react';
import { useId } from 'react';
import { SettingsViewerDocument } from '@gql/graphql';
import { Skeleton } from '@ui/Skeleton';
import { AvatarField } from './AvatarField';
import { ProfileForm } from './ProfileForm';
import './profile.css';

/** The profile part of /settings: picture, then the form (which also finishes sign-up). */
export function ProfileSection() {
  const headingId = useId();
  const { data, loading, error } = useQuery(SettingsViewerDocument, { fetchPolicy: 'cache-and-network' });
  const viewer = data?.viewer ?? null;
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Profile</h2>
      {loading && !data ? (
        <Skeleton shape="card" lines={2} label="Loading…" />
      ) : error && !data ? (
        // Plain text, not an alert: nothing the person did failed, and the rest of the page still works.
        <p className="settings-form__problem">Your profile could not be loaded. Reload the page to try again.</p>
      ) : viewer ? (
        <>
          <AvatarField userId={viewer.id} name={viewer.name ?? viewer.username} avatarUrl={viewer.avatarUrl} />
          <ProfileForm key={viewer.id} viewer={viewer} />
        </>
      ) : null}
    </section>
  );
}
