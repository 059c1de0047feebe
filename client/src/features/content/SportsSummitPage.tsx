import { ComingSoonPage } from '@ui/PageFrame';

export default function SportsSummitPage() {
  return <ComingSoonPage heading="Sports Summit 26" purpose="Byline at Sports Summit 26." />;
}
