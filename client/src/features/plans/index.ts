// What other features and the shell may use of plans; its page is loaded lazily by the route table.
export { UpgradePrompt, type UpgradeType } from './UpgradePrompt';
