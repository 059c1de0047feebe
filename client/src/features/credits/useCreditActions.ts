import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import * as MESSAGES from '@domain/messages';
import {
  AcceptCreditDocument,
  DeclineCreditDocument,
  RemoveCreditDocument,
  type CreditItemFragment,
  type CreditStatus,
} from '@gql/graphql';
import { serverRefusal } from '@shell/serverError';
import { useToast } from '@ui/toastContext';

/**
 * The credit as it will most likely be once answered, so the buttons change at once (one
 * click, optimistic): accepted, it can still be declined later; declined, nothing is left
 * to answer. The server's answer then replaces this guess.
 */
function answered(credit: CreditItemFragment, status: CreditStatus): CreditItemFragment {
  const viewerCan = { ...credit.viewerCan, accept: false, decline: status === 'ACCEPTED' && credit.viewerCan.decline };
  return { ...credit, status, viewerCan };
}

/**
 * Accept, decline and remove a credit, for every place that shows one. Accept and decline
 * answer at once (the server's answer then replaces the guess in the cache, so every list
 * showing that credit follows); a refusal is raised as a toast in the server's words.
 */
export function useCreditActions() {
  const toast = useToast();
  const [acceptMutation] = useMutation(AcceptCreditDocument);
  const [declineMutation] = useMutation(DeclineCreditDocument);
  const [removeMutation] = useMutation(RemoveCreditDocument);

  const refused = useCallback(
    (error: unknown) => toast.error(serverRefusal(error)?.message ?? MESSAGES.unexpected),
    [toast],
  );

  const accept = useCallback(
    async (credit: CreditItemFragment): Promise<boolean> => {
      try {
        await acceptMutation({
          variables: { input: { creditId: credit.id } },
          optimisticResponse: { __typename: 'Mutation', acceptCredit: { __typename: 'AcceptCreditPayload', credit: answered(credit, 'ACCEPTED') } },
        });
        return true;
      } catch (error) {
        refused(error);
        return false;
      }
    },
    [acceptMutation, refused],
  );

  const decline = useCallback(
    async (credit: CreditItemFragment): Promise<boolean> => {
      try {
        await declineMutation({
          variables: { input: { creditId: credit.id } },
          optimisticResponse: { __typename: 'Mutation', declineCredit: { __typename: 'DeclineCreditPayload', credit: answered(credit, 'DECLINED') } },
        });
        return true;
      } catch (error) {
        refused(error);
        return false;
      }
    },
    [declineMutation, refused],
  );

  const remove = useCallback(
    async (credit: CreditItemFragment): Promise<boolean> => {
      try {
        await removeMutation({
          variables: { input: { creditId: credit.id } },
          // Gone from every list that held it: lists skip references to evicted objects.
          update(cache, { data }) {
            const removedId = data?.removeCredit.removedCreditId;
            if (!removedId) return;
            cache.evict({ id: cache.identify({ __typename: 'Credit', id: removedId }) });
            cache.gc();
          },
        });
        return true;
      } catch (error) {
        refused(error);
        return false;
      }
    },
    [removeMutation, refused],
  );

  return { accept, decline, remove };
}
