import { lazyWhenOpen } from '@ui/lazyWhenOpen';
import type { UpgradeDialogProps } from './UpgradeDialog';

/** The upgrade check types (Pro or Teams). */
export type UpgradeType = 'Pro' | 'Teams';

/**
 * The upgrade prompts of docs/product.md §Paid access and §Teams: "That's an advanced feature!"
 * with Upgrade today (to /plans, coming back here), or for Teams "Let's work together" with Start
 * your subscription (to the team's billing page). Each showing is tracked. The dialog loads when it
 * first opens: the user menu (in the shell on every page) offers it.
 */
export const UpgradePrompt = lazyWhenOpen<UpgradeDialogProps>(() => import('./UpgradeDialog'));
