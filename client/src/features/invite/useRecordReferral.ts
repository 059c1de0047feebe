import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { useSearchParams } from '@router';
import { INVITED_BY_PARAM } from '@domain/invites';
import { RecordReferralDocument } from '@gql/graphql';

/**
 * After a new account signs up on a friend's invite link (`/signup?invitedBy=…`), records the
 * friend as the inviter. Email sign-ups are recorded by the server as they sign up (this then
 * changes nothing); Google and Twitter sign-ups leave through the provider and need this call.
 * A failure is ignored: the sign-up stands without it.
 */
export function useRecordReferral(): () => Promise<void> {
  const [record] = useMutation(RecordReferralDocument);
  const [params] = useSearchParams();
  const invitedBy = params.get(INVITED_BY_PARAM);
  return useCallback(async () => {
    if (!invitedBy) return;
    try {
      await record({ variables: { input: { invitedBy } } });
    } catch {
      // An unknown or own username, or a network failure: nothing to tell the new member.
    }
  }, [invitedBy, record]);
}
