import { ComingSoonPage } from '../../ui/PageFrame';

export default function SignOutPage() {
  return <ComingSoonPage heading="Sign out" purpose="Sign out of Byline on this device." />;
}
