import { useEffect } from 'react';
import { Link, useLocation } from '@router';
import { PRODUCT_NAME } from '@domain/constants';
import * as MESSAGES from '@domain/messages';
import { trackEvent } from '@shell/analytics';
import { Modal } from '@ui/Modal';

export type UpgradeDialogProps =
  | { onClose: () => void; type: 'Pro'; returnTo?: string }
  /** Teams features need the team's paid subscription, started on its billing page. */
  | { onClose: () => void; type: 'Teams'; teamId: string };

/**
 * The upgrade prompts of docs/product.md §Paid access and §Teams: "That's an advanced feature!"
 * with Upgrade today (to /plans, coming back here), or for Teams "Let's work together" with Start
 * your subscription (to the team's billing page). Each showing is tracked. Loaded on first opening
 * (UpgradePrompt).
 */
export default function UpgradeDialog(props: UpgradeDialogProps) {
  const location = useLocation();
  const { type, onClose } = props;

  useEffect(() => {
    trackEvent({ action: 'view', target: 'upgradePrompt', fields: { type } });
  }, [type]);

  if (props.type === 'Teams') {
    return (
      <Modal title={MESSAGES.letsWorkTogether} onClose={onClose} testId="upgrade-prompt">
        <p className="modal__text">Teams features come with a Teams subscription for your team.</p>
        <Link className="button button--primary" to={`/teams/${encodeURIComponent(props.teamId)}/billing`} onClick={onClose}>
          {MESSAGES.startYourSubscription}
        </Link>
      </Modal>
    );
  }

  const returnTo = props.returnTo ?? location.pathname + location.search;
  return (
    <Modal title={MESSAGES.advancedFeature} onClose={onClose} testId="upgrade-prompt">
      <p className="modal__text">This feature comes with {PRODUCT_NAME} PRO.</p>
      <Link className="button button--primary" to={`/plans?${new URLSearchParams({ returnTo }).toString()}`} onClick={onClose}>
        {MESSAGES.upgradeToday}
      </Link>
    </Modal>
  );
}
