import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { TOAST_AUTO_HIDE_MS } from '@domain/constants';
import { CloseIcon, VariantIcon } from './icons';
import { ToastContext, type ToastApi } from './toastContext';
import { addToast, dismissToast, type Toast, type ToastVariant } from './toastQueue';
import './toasts.css';

/** Read out before the message, since the icon alone says nothing to a screen reader. */
const VARIANT_LABELS: Record<ToastVariant, string> = {
  success: 'Success',
  error: 'Error',
  warning: 'Warning',
  info: 'Info',
};

/**
 * Toast notifications for every page (docs/product.md §Shell): success, error, warning and info,
 * each with its icon; at most 3 at once, the oldest dismissed when a fourth arrives;
 * each hides itself after 5000 ms or on its close button.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((current) => dismissToast(current, id)), []);

  const api = useMemo<ToastApi>(() => {
    const show = (variant: ToastVariant, message: string) => {
      const id = nextId.current++;
      setToasts((current) => addToast(current, { id, variant, message }));
    };
    return {
      show,
      success: (message) => show('success', message),
      error: (message) => show('error', message),
      warning: (message) => show('warning', message),
      info: (message) => show('info', message),
    };
  }, []);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section className="toasts" aria-label="Messages">
        {/* Not a list: a list item given a live role stops being a list item (axe: list). */}
        <div className="toasts__list">
          {toasts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
        </div>
      </section>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(toast.id), TOAST_AUTO_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [toast.id, onDismiss]);

  return (
    // Errors interrupt (alert); the rest wait their turn (status).
    <div className={`toast toast--${toast.variant}`} role={toast.variant === 'error' ? 'alert' : 'status'} data-testid="toast" data-toast-id={toast.id}>
      <span className="toast__icon">
        <VariantIcon variant={toast.variant} />
      </span>
      <p className="toast__message">
        <span className="visually-hidden">{VARIANT_LABELS[toast.variant]}: </span>
        {toast.message}
      </p>
      <button type="button" className="icon-button toast__close" aria-label="Dismiss" onClick={() => onDismiss(toast.id)}>
        <CloseIcon />
      </button>
    </div>
  );
}
