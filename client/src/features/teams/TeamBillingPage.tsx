import { ComingSoonPage } from '@ui/PageFrame';

export default function TeamBillingPage() {
  return <ComingSoonPage heading="Team billing" purpose="The Teams subscription, plan and seats of this team." />;
}
