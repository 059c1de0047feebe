import { ComingSoonPage } from '../../ui/PageFrame';

export default function NotificationsPage() {
  return <ComingSoonPage heading="Notifications" purpose="Updates about your posts, your credits and your teams." />;
}
