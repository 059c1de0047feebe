// What other features and the shell may use of plans; its page is loaded lazily by the route table.
// The notice and problem styles the team billing page shares.
import './plans.css';
export { UpgradePrompt, type UpgradeType } from './UpgradePrompt';
export { useStartCheckout } from './useStartCheckout';
export { INVOICE_STATUS_LABELS, PLAN_NAMES, SUBSCRIPTION_STATUS_LABELS, formatMoney, isNoExpiry } from './billingLabels';
