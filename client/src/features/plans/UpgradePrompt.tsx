import { lazy, Suspense } from 'react';
import type { UpgradeDialogProps } from './UpgradeDialog';

/** Spec 7's upgrade check types. */
export type UpgradeType = 'Pro' | 'Teams';

// The dialog loads when it first opens: the user menu (in the shell on every page) offers it.
const UpgradeDialog = lazy(() => import('./UpgradeDialog'));

type UpgradePromptProps = UpgradeDialogProps & { open: boolean };

/**
 * Spec 8's upgrade prompts: "That's an advanced feature!" with Upgrade today (to /plans,
 * coming back here), or for Teams "Let's work together" with Start your subscription
 * (to the team's billing page). Each showing is tracked (spec 7).
 */
export function UpgradePrompt({ open, ...props }: UpgradePromptProps) {
  // Its own Suspense: while the dialog's code arrives the page around it stays as it is.
  return open ? (
    <Suspense fallback={null}>
      <UpgradeDialog {...props} />
    </Suspense>
  ) : null;
}
