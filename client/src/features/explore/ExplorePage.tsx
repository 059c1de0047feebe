import { ComingSoonPage } from '@ui/PageFrame';

export default function ExplorePage() {
  return <ComingSoonPage heading="Explore" purpose="Explore posts across every network, filtered by tags, locations, events, people, posting account and credit status." />;
}
