import { ComingSoonPage } from '@ui/PageFrame';

export default function JobPage() {
  return <ComingSoonPage heading="Job" purpose="A job posting: who is hiring, for what, and how to apply." />;
}
