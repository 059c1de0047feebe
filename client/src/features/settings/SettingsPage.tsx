import { PageFrame } from '@ui/PageFrame';
import { DeveloperSettings } from './developer/DeveloperSettings';

/**
 * /settings. Only what works is here: the Developer section (personal access tokens). Profile
 * details and preferences come with their own work, not as placeholders.
 */
export default function SettingsPage() {
  return (
    <PageFrame heading="Settings" purpose="Your account’s settings.">
      <DeveloperSettings />
    </PageFrame>
  );
}
