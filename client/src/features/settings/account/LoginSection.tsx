import { useId } from 'react';
import { Link } from 'react-router';

/** Email and login methods live on their own page (/settings/login); this says where and shows the address. */
export function LoginSection({ email }: { email: string | null }) {
  const headingId = useId();
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Email and login methods</h2>
      <p>{email ? <>Your email address is <strong>{email}</strong>.</> : 'Your account has no email address yet.'}</p>
      <p className="settings-links">
        <Link to="/settings/login">Manage login methods</Link>
        <Link to="/settings/accounts">Connected accounts</Link>
        <Link to="/invite">Invite a friend</Link>
      </p>
    </section>
  );
}
