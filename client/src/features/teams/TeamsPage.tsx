import { ComingSoonPage } from '@ui/PageFrame';

export default function TeamsPage() {
  return <ComingSoonPage heading="Teams" purpose="Teams share seats, members, managed accounts, saved reports, creator stages and job postings." />;
}
