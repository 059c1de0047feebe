/** What other features may use of lists. */
export { AddToListButton } from './AddToListButton';
export { loadAddToListButton } from './loadAddToListButton';
