import { CONSENT_COOKIE_DAYS, CONSENT_COOKIE_NAME, FEATURE_FLAG_STORAGE_KEY, REGION_COOKIE_NAME } from '@domain/constants';
import { MASQUERADE_COOKIE_NAME } from '@shell/masquerade';
import { Link } from '@router';
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

/**
 * What Byline keeps on its servers, and why (docs/product.md §Terms keeps this page in step with
 * the code: a new column or mail about people belongs here too).
 */
const KEPT_ITEMS = [
  ['Your account', 'Your email address, name, username, creator or company type, and what you add to your profile: picture, bio, website and place.'],
  ['How you sign in', 'Your password only as a one-way hash we cannot read back, and which Google or Twitter account you linked.'],
  ['Your sessions', 'For each device you are signed in on, a hash of its sign-in token, its browser description and when it was last used, so you can see them and sign them out.'],
  ['The terms you accepted', 'Which version of the Terms of Service you accepted, and when.'],
  ['Posts and credits', 'The links you add, what the network shows publicly about each post, and the credits you give, accept or decline. An address you credit by email is never shown to anyone else.'],
  ['A record of changes', 'Changes to your account, sign-in attempts that failed (with the address tried) and actions taken by our administrators, to keep accounts safe and to answer questions about them.'],
  ['Counts of attempts', 'How many times a network address or email address tried to sign in or send a form, kept for at most an hour, to stop abuse.'],
  ['Contact messages', 'Not kept: a message sent from the contact form is emailed to our team, and its copy in our mail queue is deleted within an hour.'],
] as const;

/** Every kind of mail the code sends (server/src/modules/mail/templates.ts). */
const MAILS = [
  'verification codes, sign-in links and password reset links you ask for;',
  'a notice when your password is changed;',
  'credits: when someone credits you, or invites you to claim a credit;',
  'invitations to a team or a project;',
  'our reply when you write to us through the contact form.',
] as const;

export default function PrivacyPage() {
  return (
    <PageFrame heading="Privacy Policy" purpose="How Byline collects, uses and protects personal data.">
      <h2>What we keep about you</h2>
      <dl className="content-definitions">
        {KEPT_ITEMS.map(([name, meaning]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{meaning}</dd>
          </div>
        ))}
      </dl>
      <h2>What we email you</h2>
      <ul className="content-list">
        {MAILS.map((mail) => (
          <li key={mail}>{mail}</li>
        ))}
      </ul>
      <p className="content-prose">We send no newsletters or advertising by email.</p>
      <h2>Who else sees it</h2>
      <ul className="content-list">
        <li>Everyone sees your public profile and the credits you accepted, as you chose to show them.</li>
        <li>Stripe handles payments for paid plans; we never see your card number.</li>
        <li>Where it is switched on, Google reCAPTCHA checks that the sign-in and contact forms are used by a person.</li>
        <li>Our email provider delivers the mail listed above.</li>
      </ul>
      <h2>Deleting your data</h2>
      <p className="content-prose">
        You can delete your account in <Link to="/settings">Settings</Link>: your profile, logins, sessions, notifications and your own credits go with it at once. Credits you gave others stay, without your name; the record of changes keeps only your old username, and we keep that username with the time it was deleted, so its address says the account is gone until someone else takes the name.
        For anything else, write to us through the <Link to="/contact?subject=Privacy">contact form</Link>. The{' '}
        <Link to="/terms">Terms of Service</Link> say how we may use what you add.
      </p>
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
