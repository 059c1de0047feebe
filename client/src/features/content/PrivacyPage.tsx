import { CONSENT_COOKIE_DAYS, CONSENT_COOKIE_NAME, FEATURE_FLAG_STORAGE_KEY, REGION_COOKIE_NAME } from '@domain/constants';
import { MASQUERADE_COOKIE_NAME } from '@shell/masquerade';
import { PageFrame } from '@ui/PageFrame';
import './content.css';

/** What the app stores in the browser, and why: the facts the shell and sign-in rely on. */
const STORED_ITEMS = [
  ['byline_session, byline_refresh', 'Cookies that keep you signed in. They are sent only to Byline and cannot be read by scripts.'],
  [CONSENT_COOKIE_NAME, `Your answer to the cookie banner (Allow or Deny), kept for ${CONSENT_COOKIE_DAYS} days.`],
  [REGION_COOKIE_NAME, 'Marks a region where we must ask before using analytics or advertising cookies.'],
  [MASQUERADE_COOKIE_NAME, 'Set only while a Byline administrator acts as another user to help them.'],
  [FEATURE_FLAG_STORAGE_KEY, 'A test feature you switched on, kept in your browser’s local storage.'],
] as const;

export default function PrivacyPage() {
  return (
    <PageFrame heading="Privacy Policy" purpose="How Byline collects, uses and protects personal data.">
      <h2>What we store in your browser</h2>
      <dl className="content-definitions">
        {STORED_ITEMS.map(([name, meaning]) => (
          <div key={name}>
            <dt>
              <code>{name}</code>
            </dt>
            <dd>{meaning}</dd>
          </div>
        ))}
      </dl>
      <h2>Analytics</h2>
      <p>
        Where consent is required, analytics and advertising stay off until you choose Allow in the cookie banner. If you choose
        Deny, nothing is sent.
      </p>
    </PageFrame>
  );
}
