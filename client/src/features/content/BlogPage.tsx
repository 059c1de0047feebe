import { ComingSoonPage } from '@ui/PageFrame';

export default function BlogPage() {
  return <ComingSoonPage heading="Blog" purpose="Stories and news from Byline." />;
}
