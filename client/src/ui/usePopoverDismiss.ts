import { useEffect, type RefObject } from 'react';

/**
 * Closes an open popover (a menu under its button) when the user presses outside it or presses
 * Escape; Escape hands focus back to the button, as a menu button should.
 */
export function usePopoverDismiss(open: boolean, close: () => void, rootRef: RefObject<HTMLElement | null>, buttonRef: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        close();
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, close, rootRef, buttonRef]);
}
