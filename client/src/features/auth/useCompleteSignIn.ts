import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import { useNavigate } from '@router';
import { useRecordReferral } from '@features/invite';
import { refreshSession } from '@shell/apollo';
import { CHOOSE_USERNAME_PATH, chooseUsernameHref, safeReturnTo } from './returnTo';

export interface SignInOutcome {
  /** Where the server says to go (magic links and popups carry their own). */
  returnTo?: string | null;
  isNewUser?: boolean;
  user?: { termsAcknowledged?: boolean };
}

/**
 * After any successful sign-in: reconnect and refetch for the new viewer, then go to the
 * return path (same-site only) — or, for a new account or one that never finished signing
 * up (terms not acknowledged), to /signup/username first (docs/product.md §Sign-in, §Access).
 */
export function useCompleteSignIn(returnTo: string | null) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const recordReferral = useRecordReferral();
  return useCallback(
    async (outcome: SignInOutcome) => {
      await refreshSession(client);
      // A new account from a friend's invite link (/invite) credits the friend.
      if (outcome.isNewUser === true) await recordReferral();
      const target = outcome.returnTo ?? returnTo;
      const safeTarget = target ? safeReturnTo(target) : null;
      // The server may already have sent a new account to /signup/username (Google's popup does).
      const alreadyFinishing = safeTarget?.startsWith(`${CHOOSE_USERNAME_PATH}?`) || safeTarget === CHOOSE_USERNAME_PATH;
      const mustFinishSignUp = !alreadyFinishing && (outcome.isNewUser === true || outcome.user?.termsAcknowledged === false);
      navigate(mustFinishSignUp ? chooseUsernameHref(safeTarget, outcome.isNewUser === true) : (safeTarget ?? '/'), { replace: true });
    },
    [client, navigate, recordReferral, returnTo],
  );
}
