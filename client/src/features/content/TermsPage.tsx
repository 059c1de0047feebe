import { ComingSoonPage } from '@ui/PageFrame';

export default function TermsPage() {
  return <ComingSoonPage heading="Terms of Service" purpose="The terms that apply when you use Byline." />;
}
