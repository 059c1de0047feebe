import { ComingSoonPage } from '@ui/PageFrame';

export default function ContentManagerPage() {
  return <ComingSoonPage heading="Content Manager" purpose="Collect, organise and track the posts you care about." />;
}
