import { ComingSoonPage } from '@ui/PageFrame';

export default function JobsPage() {
  return <ComingSoonPage heading="Jobs" purpose="Jobs posted by brands and teams, open to creators." />;
}
