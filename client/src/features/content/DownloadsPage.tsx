import { ComingSoonPage } from '@ui/PageFrame';

export default function DownloadsPage() {
  return <ComingSoonPage heading="Downloads" purpose="Get the Byline mobile app." />;
}
