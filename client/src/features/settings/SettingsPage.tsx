import { useQuery } from '@apollo/client/react';
import { ViewerDocument } from '@gql/graphql';
import { PageFrame } from '@ui/PageFrame';
import { DeleteAccountSection } from './account/DeleteAccountSection';
import { LoginSection } from './account/LoginSection';
import { NotificationsSection } from './account/NotificationsSection';
import { SessionsSection } from './account/SessionsSection';
import { DeveloperSettings } from './developer/DeveloperSettings';
import { AvailabilitySection } from './profile/AvailabilitySection';
import { ProfileSection } from './profile/ProfileSection';
import './settings.css';

/**
 * /settings: the profile (picture, username, name, type, bio, website, place), login methods,
 * sessions, the developer section and deleting the account. It also finishes sign-up
 * (docs/product.md §Access): someone without a username or the terms acknowledged lands here and
 * completes both; the rest of the page waits until they have.
 */
export default function SettingsPage() {
  // The shell's viewer (already loaded for the top bar) says whether sign-up is finished.
  const { data } = useQuery(ViewerDocument);
  const viewer = data?.viewer ?? null;
  const finishingSignUp = viewer !== null && (!viewer.termsAcknowledged || viewer.username === null);

  return (
    <PageFrame heading="Settings" purpose={finishingSignUp ? 'Choose your username and accept the terms to finish signing up.' : 'Your profile and your account.'}>
      <ProfileSection />
      {viewer && !finishingSignUp && (
        <>
          <AvailabilitySection />
          <LoginSection />
          <NotificationsSection />
          <SessionsSection />
          <DeveloperSettings />
          <DeleteAccountSection />
        </>
      )}
    </PageFrame>
  );
}
