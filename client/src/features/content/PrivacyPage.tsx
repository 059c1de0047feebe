import { ComingSoonPage } from '../../ui/PageFrame';

export default function PrivacyPage() {
  return <ComingSoonPage heading="Privacy Policy" purpose="How Byline collects, uses and protects personal data." />;
}
