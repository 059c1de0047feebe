import { useCallback, useEffect, useState, type RefCallback } from 'react';

/**
 * Whether an element's content overflows it, kept up to date as either changes size. A box that
 * scrolls must be reachable by keyboard (axe's scrollable-region-focusable), and one that does
 * not should not add a stop to the Tab order.
 */
export function useScrollable<Element extends HTMLElement>(): [RefCallback<Element>, boolean] {
  const [element, setElement] = useState<Element | null>(null);
  const [scrollable, setScrollable] = useState(false);
  const ref = useCallback((node: Element | null) => setElement(node), []);

  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrollable(element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // The content changes size as rows come and go: the table is the element's first child.
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [element]);

  return [ref, scrollable];
}
