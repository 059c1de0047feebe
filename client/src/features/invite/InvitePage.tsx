import { ComingSoonPage } from '@ui/PageFrame';

export default function InvitePage() {
  return <ComingSoonPage heading="Invite a friend" purpose="Invite a friend to credit and track their work on Byline." />;
}
