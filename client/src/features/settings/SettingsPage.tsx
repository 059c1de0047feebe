import { ComingSoonPage } from '@ui/PageFrame';

export default function SettingsPage() {
  return <ComingSoonPage heading="Settings" purpose="Your profile details and preferences; also where sign-up is finished." />;
}
