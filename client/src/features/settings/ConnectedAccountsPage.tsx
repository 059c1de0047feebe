import { ComingSoonPage } from '@ui/PageFrame';

export default function ConnectedAccountsPage() {
  return <ComingSoonPage heading="Connected accounts" purpose="The social accounts connected to your profile." />;
}
