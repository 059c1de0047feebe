import type { ReactNode } from 'react';
import { Modal } from './Modal';

interface ConfirmDialogProps {
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
export function ConfirmDialog({ open, title = 'Confirm', children, yesLabel = 'Yes', noLabel = 'No', primary = 'yes', onYes, onNo }: ConfirmDialogProps) {
  if (!open) return null;
  const style = (answer: 'yes' | 'no') => (answer === primary ? 'button button--primary' : 'button button--outline');
  return (
    <Modal title={title} onClose={onNo} testId="confirm-dialog">
      {children && <div className="modal__text">{children}</div>}
      <div className="modal__actions">
        <button type="button" className={style('no')} onClick={onNo}>
          {noLabel}
        </button>
        <button type="button" className={style('yes')} onClick={onYes}>
          {yesLabel}
        </button>
      </div>
    </Modal>
  );
}
