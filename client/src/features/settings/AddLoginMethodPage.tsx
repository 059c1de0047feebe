import { ComingSoonPage } from '../../ui/PageFrame';

export default function AddLoginMethodPage() {
  return <ComingSoonPage heading="Add a login method" purpose="Add another way to sign in: email and password, Google or Twitter." />;
}
