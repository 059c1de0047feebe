import { ComingSoonPage } from '../../ui/PageFrame';
import { AdminOnly } from './AdminOnly';

/** Admin user tooling; everyone else gets the not-found page (spec 2.1, 6). */
export default function AdminUsersPage() {
  return (
    <AdminOnly>
      <ComingSoonPage heading="Admin users" purpose="Administrator tooling for user accounts, including acting as another user." />
    </AdminOnly>
  );
}
