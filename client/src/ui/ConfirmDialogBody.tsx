import type { ConfirmDialogProps } from './ConfirmDialog';
import { Modal } from './Modal';

/** The open dialog of ConfirmDialog, loaded when it first opens. */
export default function ConfirmDialogBody({ title = 'Confirm', children, yesLabel = 'Yes', noLabel = 'No', primary = 'yes', onYes, onNo }: Omit<ConfirmDialogProps, 'open'>) {
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
