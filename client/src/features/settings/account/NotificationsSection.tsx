import { useId } from 'react';
import { Link } from '@router';

/** Where the viewer chooses how notifications reach them (their own page, /settings/notifications). */
export function NotificationsSection() {
  const headingId = useId();
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Notifications</h2>
      <p>Choose, for each kind of notification, whether it shows in the app, comes by mail at once, waits for the daily digest, or not at all.</p>
      <p className="settings-links">
        <Link to="/settings/notifications">Notification settings</Link>
      </p>
    </section>
  );
}
