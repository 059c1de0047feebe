import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { CloseIcon } from './icons';
import './modal.css';

interface ModalProps {
  /** The dialog's accessible name and visible heading. */
  title: ReactNode;
  /** Escape, the close button and the backdrop call it; null makes a blocking dialog that only its own buttons end. */
  onClose: (() => void) | null;
  children: ReactNode;
  /** Extra class for the dialog, e.g. a wider layout. */
  className?: string;
  testId?: string;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal on the native `<dialog>`: shown with `showModal()`, so the page behind is inert
 * and the dialog sits above everything (even a transformed top bar). Focus moves to the
 * dialog and goes back where it was; Tab wraps inside it; Escape, the close button or a
 * click on the backdrop closes it. Render it only while open. A blocking dialog (`onClose` null: an
 * answer is required, docs/product.md §Terms) has no close button and ignores Escape and the backdrop.
 */
export function Modal({ title, onClose, children, className, testId }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom has no showModal(); the open attribute is enough there.
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    dialog.focus();
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      // Closed through React state, not the browser's own cancel, so the two never disagree.
      event.preventDefault();
      event.stopPropagation();
      onClose?.();
      return;
    }
    const dialog = dialogRef.current;
    if (event.key !== 'Tab' || !dialog) return;
    const focusables = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusables[0];
    const last = focusables[focusables.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialog)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className={className ? `modal ${className}` : 'modal'}
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid={testId}
      onKeyDown={onKeyDown}
      // The browser's own cancel (e.g. a second Escape while closing) must not close it behind React's back.
      onCancel={(event) => {
        event.preventDefault();
        onClose?.();
      }}
      onClick={(event) => {
        // The dialog box fills its padding with .modal__body, so a click on the dialog element itself is the backdrop.
        if (event.target === event.currentTarget) onClose?.();
      }}
    >
      <div className="modal__body">
        {onClose && (
          <button type="button" className="icon-button modal__close" aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </button>
        )}
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}
