import { lazy, Suspense, type ReactNode } from 'react';

// The dialog (and Modal's focus handling) loads when it first opens: pages that may ask a
// question need not carry it in their first load (issue 15).
const ConfirmDialogBody = lazy(() => import('./ConfirmDialogBody'));

export interface ConfirmDialogProps {
  open: boolean;
  /** Spec 2.7 default: Confirm. */
  title?: string;
  children?: ReactNode;
  yesLabel?: string;
  noLabel?: string;
  /** Which answer is the primary (highlighted) action; Yes by default. */
  primary?: 'yes' | 'no';
  onYes: () => void;
  onNo: () => void;
}

/** Spec 2.7: a yes/no question. Closing it (Escape, close button, backdrop) answers No. */
export function ConfirmDialog({ open, ...props }: ConfirmDialogProps) {
  // Its own Suspense: while the dialog's code arrives the page around it stays as it is.
  return open ? (
    <Suspense fallback={null}>
      <ConfirmDialogBody {...props} />
    </Suspense>
  ) : null;
}
