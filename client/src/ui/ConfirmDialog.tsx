import type { ReactNode } from 'react';
import { lazyWhenOpen } from './lazyWhenOpen';

export interface ConfirmDialogProps {
  open: boolean;
  /** Default: Confirm (docs/product.md §Shell). */
  title?: string;
  children?: ReactNode;
  yesLabel?: string;
  noLabel?: string;
  /** Which answer is the primary (highlighted) action; Yes by default. */
  primary?: 'yes' | 'no';
  onYes: () => void;
  onNo: () => void;
}

/**
 * docs/product.md §Shell: a yes/no question. Closing it (Escape, close button, backdrop) answers
 * No. The dialog (and Modal's focus handling) loads when it first opens.
 */
export const ConfirmDialog = lazyWhenOpen<Omit<ConfirmDialogProps, 'open'>>(() => import('./ConfirmDialogBody'));
