import { ComingSoonPage } from '@ui/PageFrame';

export default function AcceptInvitationPage() {
  return <ComingSoonPage heading="Accept invitation" purpose="Accept an invitation to join a team." />;
}
