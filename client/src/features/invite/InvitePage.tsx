import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from '@router';
import { INVITES_PER_DAY, inviteLinkPath } from '@domain/invites';
import * as MESSAGES from '@domain/messages';
import { validateEmail } from '@domain/validation';
import { InviteFriendDocument, InviteViewerDocument } from '@gql/graphql';
import { serverRefusal } from '@shell/serverError';
import { PageFrame } from '@ui/PageFrame';
import { Skeleton } from '@ui/Skeleton';
import { useHydrated } from '@ui/useHydrated';
import './invite.css';

const PURPOSE = 'Invite a friend to credit and track their work on Byline.';

/**
 * /invite: mail a friend an invitation, or share your own sign-up link. Whoever signs up through
 * it (or with the address invited) is recorded as invited by you, and you are notified.
 */
export default function InvitePage() {
  const { data, loading } = useQuery(InviteViewerDocument);
  const username = data?.viewer?.username ?? null;

  if (loading && !data) {
    return (
      <PageFrame heading="Invite a friend" purpose={PURPOSE}>
        <Skeleton shape="card" lines={2} label="Loading…" />
      </PageFrame>
    );
  }
  return (
    <PageFrame heading="Invite a friend" purpose={PURPOSE}>
      {username ? (
        <>
          <InviteByEmail />
          <InviteLink username={username} />
        </>
      ) : (
        <p>
          <Link to="/settings">Choose a username in your settings</Link> before inviting friends: your invite link carries it.
        </p>
      )}
    </PageFrame>
  );
}

function InviteByEmail() {
  const emailId = useId();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string[]>([]);
  const [invite, { loading }] = useMutation(InviteFriendDocument);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const local = validateEmail(email);
    if (local) return setProblem(local);
    setProblem(null);
    try {
      const { data } = await invite({ variables: { input: { email: email.trim() } } });
      const sent = data?.inviteFriend.email;
      if (sent) setSentTo((previous) => [sent, ...previous]);
      setEmail('');
    } catch (error) {
      setProblem(serverRefusal(error)?.message ?? MESSAGES.somethingWentWrong);
    }
  }

  return (
    <form className="invite-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={loading}>
      <label htmlFor={emailId}>Your friend’s email</label>
      <div className="invite-form__row">
        <input
          id={emailId}
          className="text-input"
          type="email"
          name="email"
          autoComplete="off"
          value={email}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={loading}>
          {loading ? 'Sending…' : 'Send invitation'}
        </button>
      </div>
      <p className="invite-form__hint">Up to {INVITES_PER_DAY} invitations a day.</p>
      {problem && (
        <p className="invite-form__problem" role="alert">
          {problem}
        </p>
      )}
      <div role="status">
        {sentTo.length > 0 && (
          <ul className="invite-form__sent">
            {sentTo.map((address) => (
              <li key={address}>Invitation sent to {address}.</li>
            ))}
          </ul>
        )}
      </div>
    </form>
  );
}

function InviteLink({ username }: { username: string }) {
  const headingId = useId();
  // The server renders this page without knowing the address it is served at: the link is the
  // path there, and whole once the browser has taken the page over.
  const hydrated = useHydrated();
  const link = `${hydrated ? window.location.origin : ''}${inviteLinkPath(username)}`;
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // Clipboard refused (permissions, insecure page): the link stays selectable below.
      setCopied(false);
    }
  }

  return (
    <section className="invite-link" aria-labelledby={headingId}>
      <h2 id={headingId}>Or share your link</h2>
      <p>Anyone who signs up through it is counted as invited by you.</p>
      <div className="invite-form__row">
        <input className="text-input" readOnly value={link} aria-label="Your invite link" onFocus={(event) => event.target.select()} />
        <button type="button" className="button button--outline" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy link'}
        </button>
      </div>
    </section>
  );
}
