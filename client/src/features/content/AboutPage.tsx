import { ComingSoonPage } from '../../ui/PageFrame';

export default function AboutPage() {
  return <ComingSoonPage heading="About" purpose="Byline is a platform for tracking and crediting creative content across social networks." />;
}
