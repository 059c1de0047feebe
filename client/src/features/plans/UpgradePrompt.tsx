import { lazyWhenOpen } from '@ui/lazyWhenOpen';
import type { UpgradeDialogProps } from './UpgradeDialog';

/** Spec 7's upgrade check types. */
export type UpgradeType = 'Pro' | 'Teams';

/**
 * Spec 8's upgrade prompts: "That's an advanced feature!" with Upgrade today (to /plans,
 * coming back here), or for Teams "Let's work together" with Start your subscription
 * (to the team's billing page). Each showing is tracked (spec 7). The dialog loads when it first
 * opens: the user menu (in the shell on every page) offers it.
 */
export const UpgradePrompt = lazyWhenOpen<UpgradeDialogProps>(() => import('./UpgradeDialog'));
