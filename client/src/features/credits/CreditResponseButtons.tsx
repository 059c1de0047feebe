import { useState } from 'react';
import type { CreditItemFragment } from '@gql/graphql';
import { useCreditActions } from './useCreditActions';

interface CreditResponseButtonsProps {
  credit: CreditItemFragment;
  /** Called once the credited person has answered (after the server agreed). */
  onAnswered?: (status: 'ACCEPTED' | 'DECLINED') => void;
}

/**
 * Accept and Decline for a pending credit, shown only when the server says the viewer may
 * (`viewerCan`). One click each: the credit changes at once and the server confirms.
 */
export function CreditResponseButtons({ credit, onAnswered }: CreditResponseButtonsProps) {
  const { accept, decline } = useCreditActions();
  const [busy, setBusy] = useState(false);
  if (!credit.viewerCan.accept && !credit.viewerCan.decline) return null;

  const answer = async (status: 'ACCEPTED' | 'DECLINED') => {
    setBusy(true);
    const done = status === 'ACCEPTED' ? await accept(credit) : await decline(credit);
    setBusy(false);
    if (done) onAnswered?.(status);
  };

  // The role in each button's name tells several pending credits apart for screen readers;
  // the name starts with the visible word, so voice control finds it too.
  const which = ` the ${credit.role.name} credit`;
  return (
    <span className="credit-answer">
      {credit.viewerCan.accept && (
        <button type="button" className="button button--primary button--small" disabled={busy} aria-label={`Accept${which}`} onClick={() => void answer('ACCEPTED')}>
          Accept
        </button>
      )}
      {credit.viewerCan.decline && (
        <button type="button" className="button button--outline button--small" disabled={busy} aria-label={`Decline${which}`} onClick={() => void answer('DECLINED')}>
          Decline
        </button>
      )}
    </span>
  );
}
