import { TOASTS_MAX } from '@domain/constants';

/** The variants of docs/product.md §Shell. */
export type ToastVariant = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: number;
  variant: ToastVariant;
  message: string;
}

/** Adds a toast; at most 3 show at once, so the oldest gives way to the newest (docs/product.md §Shell). */
export function addToast(toasts: readonly Toast[], toast: Toast): Toast[] {
  return [...toasts, toast].slice(-TOASTS_MAX);
}

export function dismissToast(toasts: readonly Toast[], id: number): Toast[] {
  return toasts.filter((toast) => toast.id !== id);
}
