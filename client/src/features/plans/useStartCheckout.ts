import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import * as MESSAGES from '@domain/messages';
import { StartCheckoutDocument, type BillingPlan } from '@gql/graphql';
import { leavePageFor } from '@shell/leavePage';
import { serverRefusal } from '@shell/serverError';

/** Starts Checkout and sends the browser there; a refusal (not configured, not a manager…) is kept to show. */
export function useStartCheckout(): { start: (plan: BillingPlan, returnTo: string, teamId?: string) => Promise<void>; starting: boolean; problem: string | null } {
  const [startCheckout] = useMutation(StartCheckoutDocument);
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const start = async (plan: BillingPlan, returnTo: string, teamId?: string) => {
    setStarting(true);
    setProblem(null);
    try {
      const { data } = await startCheckout({ variables: { input: { plan, returnTo, ...(teamId ? { teamId } : {}) } } });
      if (!data) throw new Error('no checkout address');
      // Stays "starting" while the browser leaves for the payment page.
      leavePageFor(data.startCheckout.url);
    } catch (error) {
      setProblem(serverRefusal(error)?.message ?? MESSAGES.somethingWentWrong);
      setStarting(false);
    }
  };
  return { start, starting, problem };
}
