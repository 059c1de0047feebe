import { useQuery } from '@apollo/client/react';
import { useId } from 'react';
import { SettingsViewerDocument } from '@gql/graphql';
import { PageFrame } from '@ui/PageFrame';
import { DeleteAccountSection } from './account/DeleteAccountSection';
import { LoginSection } from './account/LoginSection';
import { SessionsSection } from './account/SessionsSection';
import { DeveloperSettings } from './developer/DeveloperSettings';
import { AvatarField } from './profile/AvatarField';
import { ProfileForm } from './profile/ProfileForm';
import './settings.css';
import './profile/profile.css';

/**
 * /settings: the profile (picture, username, name, type, bio, website, place), login methods,
 * sessions, the developer section and deleting the account. It also finishes sign-up (spec 2.1):
 * someone without a username or the terms acknowledged lands here and completes both.
 */
export default function SettingsPage() {
  const profileHeading = useId();
  const { data, loading, error } = useQuery(SettingsViewerDocument, { fetchPolicy: 'cache-and-network' });
  const viewer = data?.viewer ?? null;
  const finishingSignUp = viewer !== null && (!viewer.termsAcknowledged || viewer.username === null);

  return (
    <PageFrame heading="Settings" purpose={finishingSignUp ? 'Choose your username and accept the terms to finish signing up.' : 'Your profile and your account.'}>
      {loading && !data ? (
        <p aria-busy="true">Loading…</p>
      ) : error && !data ? (
        <p className="settings-form__problem" role="alert">
          Your settings could not be loaded. Reload the page to try again.
        </p>
      ) : viewer ? (
        <>
          <section className="settings-section" aria-labelledby={profileHeading}>
            <h2 id={profileHeading}>Profile</h2>
            <AvatarField userId={viewer.id} name={viewer.name ?? viewer.username} avatarUrl={viewer.avatarUrl} />
            <ProfileForm key={viewer.id} viewer={viewer} />
          </section>
          {!finishingSignUp && (
            <>
              <LoginSection email={viewer.email} />
              <SessionsSection />
              <DeveloperSettings />
              <DeleteAccountSection />
            </>
          )}
        </>
      ) : null}
    </PageFrame>
  );
}
