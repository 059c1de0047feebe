import { ComingSoonPage } from '@ui/PageFrame';

export default function PlansPage() {
  return <ComingSoonPage heading="Plans" purpose="The free tier, PRO, the Teams subscription and the business offering." />;
}
