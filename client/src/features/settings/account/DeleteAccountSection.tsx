import { useId, useState } from 'react';
import { useNavigate } from '@router';
import * as MESSAGES from '@domain/messages';
import { serverRefusal } from '@shell/serverError';
import { ConfirmDialog } from '@ui/ConfirmDialog';
import { useMutationLoadedOnUse } from '@shell/useMutationLoadedOnUse';
import { loadDeleteAccount } from '../loadMutationDocument';

/**
 * Deleting the account, after a confirm dialog whose safe answer is the primary one.
 * Afterwards the sign-out page forgets the viewer and goes home.
 */
export function DeleteAccountSection() {
  const headingId = useId();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [deleteAccount, { loading }] = useMutationLoadedOnUse(loadDeleteAccount);

  async function onConfirmed() {
    setConfirming(false);
    setProblem(null);
    try {
      await deleteAccount({ variables: { input: { confirm: true } } });
      void navigate('/signout', { replace: true });
    } catch (error) {
      setProblem(serverRefusal(error)?.message ?? MESSAGES.somethingWentWrong);
    }
  }

  return (
    <section className="settings-section settings-section--danger" aria-labelledby={headingId}>
      <h2 id={headingId}>Delete account</h2>
      <p>Your profile, your own credits and your login methods are deleted for good. Credits you gave others stay, shown as added by a former member.</p>
      <button type="button" className="button button--danger" disabled={loading} onClick={() => setConfirming(true)}>
        {loading ? 'Deleting…' : 'Delete my account'}
      </button>
      {problem && (
        <p className="settings-form__problem" role="alert">
          {problem}
        </p>
      )}
      <ConfirmDialog open={confirming} title="Delete your account?" yesLabel="Delete my account" noLabel="Cancel" primary="no" onYes={() => void onConfirmed()} onNo={() => setConfirming(false)}>
        This cannot be undone. Your username becomes free for anyone to take.
      </ConfirmDialog>
    </section>
  );
}
