import { useApolloClient, useMutation } from '@apollo/client/react';
import { useState } from 'react';
import * as MESSAGES from '@domain/messages';
import { AddCreditDocument, PostCreditsDocument } from '@gql/graphql';
import { serverRefusal } from '@shell/serverError';
import { personInput, type ChosenPerson } from './creditPerson';

export interface RoleChoice {
  id: string;
  name: string;
  emoji: string;
}

/** What happened to one role of the request. */
export type AddCreditResult =
  | { role: RoleChoice; ok: true; pending: boolean; claimUrl: string | null }
  | { role: RoleChoice; ok: false; message: string };

/**
 * Adds one credit per chosen role (the API takes one person and one role per call), one
 * after another so each answer is reported on its own: a duplicate role says "That
 * resource already exists" while the other roles still go through. The post's credits are
 * fetched again once at the end.
 */
export function useAddCredits(postId: string) {
  const client = useApolloClient();
  const [addCredit] = useMutation(AddCreditDocument);
  const [results, setResults] = useState<AddCreditResult[] | null>(null);
  const [adding, setAdding] = useState(false);

  const add = async (person: ChosenPerson, roles: readonly RoleChoice[]) => {
    setAdding(true);
    const outcome: AddCreditResult[] = [];
    for (const role of roles) {
      try {
        const { data } = await addCredit({ variables: { input: { postId, roleId: role.id, person: personInput(person) } } });
        const payload = data?.addCredit;
        outcome.push({ role, ok: true, pending: payload?.credit.status === 'PENDING', claimUrl: payload?.claimUrl ?? null });
      } catch (error) {
        outcome.push({ role, ok: false, message: serverRefusal(error)?.message ?? MESSAGES.unexpected });
      }
    }
    if (outcome.some((result) => result.ok)) {
      // The panel lists what the server will show to this viewer, in its order: ask again rather than guess.
      try {
        await client.refetchQueries({ include: [PostCreditsDocument] });
      } catch {
        // The credits were added; the panel shows them on its next load.
      }
    }
    setResults(outcome);
    setAdding(false);
    return outcome;
  };

  return { add, adding, results, clearResults: () => setResults(null) };
}
