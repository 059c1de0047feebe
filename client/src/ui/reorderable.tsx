import { useEffect, useRef, useState, type DragEvent } from 'react';

/**
 * The pieces of a hand-ordered list (a project's concepts board, a profile's pinned posts): drag
 * and drop for a pointer, and Earlier/Later buttons as the keyboard and phone alternative, which
 * keep the focus on the moved item once the list has re-rendered in its new order.
 */
export type StepDirection = 'earlier' | 'later';

/** The id of an item's Earlier or Later button, to find it again after the list re-renders. */
export function reorderButtonId(idPrefix: string, direction: StepDirection): string {
  return `${idPrefix}-${direction}`;
}

export interface DragProps<T extends HTMLElement> {
  draggable?: boolean;
  onDragStart?: (event: DragEvent<T>) => void;
  onDragOver?: (event: DragEvent<T>) => void;
  onDragLeave?: () => void;
  onDrop?: (event: DragEvent<T>) => void;
}

/**
 * Makes one item draggable and a drop target for its list's items (`dragType` keeps other drags
 * out): `onDropOn(targetId, draggedId)`. `dropping` says an item is over it, to highlight it.
 */
export function useDragReorder<T extends HTMLElement>(dragType: string, itemId: string, enabled: boolean, onDropOn: (targetId: string, draggedId: string) => void): { dropping: boolean; dragProps: DragProps<T> } {
  const [dropping, setDropping] = useState(false);
  if (!enabled) return { dropping: false, dragProps: {} };
  return {
    dropping,
    dragProps: {
      draggable: true,
      onDragStart: (event) => {
        event.dataTransfer.setData(dragType, itemId);
        event.dataTransfer.effectAllowed = 'move';
      },
      onDragOver: (event) => {
        if (!event.dataTransfer.types.includes(dragType)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setDropping(true);
      },
      onDragLeave: () => setDropping(false),
      onDrop: (event) => {
        event.preventDefault();
        setDropping(false);
        const dragged = event.dataTransfer.getData(dragType);
        if (dragged && dragged !== itemId) onDropOn(itemId, dragged);
      },
    },
  };
}

interface ReorderButtonsProps {
  /** Unique on the page per item: the buttons' ids start with it. */
  idPrefix: string;
  /** How the item is named to a screen reader ("Move {label} earlier"). */
  label: string;
  index: number;
  count: number;
  className: string;
  onMove: (direction: StepDirection) => void;
}

/** The keyboard and phone alternative to dragging: one step earlier or later; disabled at either end. */
export function ReorderButtons({ idPrefix, label, index, count, className, onMove }: ReorderButtonsProps) {
  return (
    <>
      <button type="button" id={reorderButtonId(idPrefix, 'earlier')} className={className} aria-label={`Move ${label} earlier`} disabled={index === 0} onClick={() => onMove('earlier')}>
        <span aria-hidden="true">← </span>Earlier
      </button>
      <button type="button" id={reorderButtonId(idPrefix, 'later')} className={className} aria-label={`Move ${label} later`} disabled={index === count - 1} onClick={() => onMove('later')}>
        Later<span aria-hidden="true"> →</span>
      </button>
    </>
  );
}

/**
 * Gives the focus back to the moved item's button after the list re-renders: call the returned
 * function when a keyboard move starts. At either end its own button is disabled, so the other
 * one takes the focus.
 */
export function useRefocusAfterMove(): (idPrefix: string | null, direction?: StepDirection) => void {
  const wanted = useRef<{ idPrefix: string; direction: StepDirection } | null>(null);
  useEffect(() => {
    const target = wanted.current;
    if (!target) return;
    const button = document.getElementById(reorderButtonId(target.idPrefix, target.direction));
    const other = document.getElementById(reorderButtonId(target.idPrefix, target.direction === 'earlier' ? 'later' : 'earlier'));
    const usable = (element: HTMLElement | null) => (element instanceof HTMLButtonElement && !element.disabled ? element : null);
    const focusable = usable(button) ?? usable(other);
    // Keep asking until the moved item's buttons are back (the list may re-render more than once).
    if (!focusable) return;
    wanted.current = null;
    focusable.focus();
  });
  return (idPrefix, direction = 'earlier') => {
    wanted.current = idPrefix === null ? null : { idPrefix, direction };
  };
}
