import { ComingSoonPage } from '../../ui/PageFrame';

export default function ContactPage() {
  return <ComingSoonPage heading="Contact" purpose="How to reach the Byline team." />;
}
