import { useId, useState } from 'react';
import * as MESSAGES from '@domain/messages';
import { serverRefusal } from '@shell/serverError';
import { useMutationLoadedOnUse } from '@shell/useMutationLoadedOnUse';
import { loadSignOutOtherSessions } from '../loadMutationDocument';

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Signs the viewer out of every other browser and app, and on request revokes their API tokens. */
export function SessionsSection() {
  const headingId = useId();
  const [includeTokens, setIncludeTokens] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [signOutOthers, { loading }] = useMutationLoadedOnUse(loadSignOutOtherSessions);

  async function onSignOut() {
    setOutcome(null);
    try {
      const { data } = await signOutOthers({ variables: { input: { includePersonalAccessTokens: includeTokens } } });
      const result = data?.signOutOtherSessions;
      if (!result) return;
      const tokens = includeTokens ? ` and revoked ${plural(result.revokedTokenCount, 'personal access token', 'personal access tokens')}` : '';
      setOutcome({ ok: true, text: `Signed out of ${plural(result.signedOutSessionCount, 'other session', 'other sessions')}${tokens}.` });
    } catch (error) {
      setOutcome({ ok: false, text: serverRefusal(error)?.message ?? MESSAGES.somethingWentWrong });
    }
  }

  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Sessions</h2>
      <p>Signed in on a device you no longer use? Sign out everywhere except here.</p>
      <label className="settings-form__choice">
        <input type="checkbox" checked={includeTokens} onChange={(event) => setIncludeTokens(event.target.checked)} />
        Also revoke my personal access tokens
      </label>
      <p>
        <button type="button" className="button button--outline" disabled={loading} onClick={() => void onSignOut()}>
          {loading ? 'Signing out…' : 'Sign out of other sessions'}
        </button>
      </p>
      {outcome && (
        <p className={outcome.ok ? 'settings-form__notice' : 'settings-form__problem'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      )}
    </section>
  );
}
