import type { CreditItemFragment } from '@gql/graphql';
import { useCreditActions } from './useCreditActions';

/**
 * × beside a credit the viewer may remove (`viewerCan.remove`). Its own module, loaded only for
 * such credits (PostCredits), with the credit actions it needs.
 */
export default function RemoveCreditButton({ credit, personName }: { credit: CreditItemFragment; personName: string }) {
  const { remove } = useCreditActions();
  return (
    <button type="button" className="icon-button credit-chip__remove" aria-label={`Remove ${personName} as ${credit.role.name}`} onClick={() => void remove(credit)}>
      <span aria-hidden="true">×</span>
    </button>
  );
}
