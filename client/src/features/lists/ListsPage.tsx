import { ComingSoonPage } from '@ui/PageFrame';

export default function ListsPage() {
  return <ComingSoonPage heading="Lists" purpose="Your lists of creators, such as Favorites and Prospects." />;
}
