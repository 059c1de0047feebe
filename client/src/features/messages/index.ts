/** What other features may use of messages; the page is loaded lazily by the shell's route table. */
export { MessageButton } from './MessageButton';
export type { MessageTarget } from './MessageButton';
export { loadMessageButton } from './loadMessageButton';
