import { ComingSoonPage } from '@ui/PageFrame';

export default function CreatorsPage() {
  return <ComingSoonPage heading="Creators" purpose="Search for creators by role, location and list." />;
}
