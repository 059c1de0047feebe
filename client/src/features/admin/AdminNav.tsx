import { NavLink } from '@router';
import './AdminNav.css';

/** The admin area's pages, linked from each of them. */
export function AdminNav() {
  return (
    <nav className="admin-nav" aria-label="Admin">
      <NavLink to="/admin/users" end>
        Users
      </NavLink>
      <NavLink to="/admin/credit-reports" end>
        Credit reports
      </NavLink>
      <NavLink to="/admin/user-reports" end>
        Reported people
      </NavLink>
      <NavLink to="/admin/events" end>
        Events
      </NavLink>
      <NavLink to="/admin/announcements" end>
        Announcements
      </NavLink>
    </nav>
  );
}
