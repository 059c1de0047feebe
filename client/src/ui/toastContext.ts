import { createContext, useContext } from 'react';
import type { ToastVariant } from './toastQueue';

export interface ToastApi {
  show(variant: ToastVariant, message: string): void;
  success(message: string): void;
  error(message: string): void;
  warning(message: string): void;
  info(message: string): void;
}

export const ToastContext = createContext<ToastApi | null>(null);

/** Raises toasts (docs/product.md §Shell). Needs a `ToastProvider` above, which the shared layout has. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a ToastProvider above it (the app layout provides one)');
  return api;
}
