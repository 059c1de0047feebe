import { useEffect, useLayoutEffect, useRef, type FocusEvent, type ReactNode, type RefObject } from 'react';
import './popover.css';

interface PopoverProps {
  open: boolean;
  onClose: () => void;
  /** The button that opens it: the popover hangs under it, and Escape hands focus back to it. */
  anchorRef: RefObject<HTMLElement | null>;
  /** The dialog's accessible name. */
  label: string;
  children: ReactNode;
  /** For the anchor's `aria-controls`. */
  id?: string;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
/** Room kept between the popover and the sides of the screen. */
const EDGE = 8;
/** Below this width (--bp-sm) a popover takes the whole width: a phone has no room beside it. */
const NARROW = 480;

/**
 * Puts the popover under its anchor, as far left as the anchor but never past the right edge of
 * the screen. It is absolutely placed in its offset parent, so it scrolls with the page.
 */
function placeUnder(popover: HTMLElement, anchor: HTMLElement): void {
  const parent = (popover.offsetParent ?? document.body).getBoundingClientRect();
  const under = anchor.getBoundingClientRect();
  const screenWidth = document.documentElement.clientWidth;
  const width = popover.offsetWidth;
  const left = screenWidth < NARROW ? EDGE : Math.max(EDGE, Math.min(under.left, screenWidth - EDGE - width));
  popover.style.left = `${left - parent.left}px`;
  popover.style.top = `${under.bottom - parent.top + 4}px`;
}

/**
 * A small non-modal dialog under a button (a filter's control, say). Focus moves into it when it
 * opens; Escape or a press outside closes it and hands focus back to the button, and tabbing out
 * of it closes it too, so a keyboard user never leaves one open behind. Render it right after
 * its anchor: the Tab order then runs from the button into the popover.
 */
export function Popover({ open, onClose, anchorRef, label, children, id }: PopoverProps) {
  const popoverRef = useRef<HTMLDivElement>(null);
  // The latest onClose without re-running the effects below on every render.
  const closeRef = useRef(onClose);
  useLayoutEffect(() => {
    closeRef.current = onClose;
  });

  useLayoutEffect(() => {
    const popover = popoverRef.current;
    const anchor = anchorRef.current;
    if (!open || !popover || !anchor) return;
    const place = () => placeUnder(popover, anchor);
    place();
    (popover.querySelector<HTMLElement>(FOCUSABLE) ?? popover).focus();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [open, anchorRef]);

  useEffect(() => {
    if (!open) return;
    const closeAndRefocus = () => {
      closeRef.current();
      anchorRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      // A press on the anchor is its own: its click toggles the popover.
      if (popoverRef.current?.contains(target) || anchorRef.current?.contains(target)) return;
      closeAndRefocus();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // An open list inside (a place's suggestions) closes first, on its own Escape.
      if (event.defaultPrevented) return;
      closeAndRefocus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, anchorRef]);

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    // Focus going nowhere (a press on the popover's own text) keeps it open.
    if (next instanceof Node && !popoverRef.current?.contains(next) && !anchorRef.current?.contains(next)) onClose();
  };

  if (!open) return null;
  return (
    <div ref={popoverRef} id={id} className="popover" role="dialog" aria-label={label} tabIndex={-1} onBlur={onBlur}>
      {children}
    </div>
  );
}
