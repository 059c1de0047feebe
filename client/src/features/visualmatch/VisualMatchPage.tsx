import { ComingSoonPage } from '@ui/PageFrame';

export default function VisualMatchPage() {
  return <ComingSoonPage heading="Visual Match AI" purpose="Search for social media posts by image content." />;
}
