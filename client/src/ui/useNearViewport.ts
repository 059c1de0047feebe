import { useEffect, useState } from 'react';

/**
 * `[observe, near]`: pass `observe` as an element's `ref`; `near` turns true once the element has
 * come within `margin` of the viewport, and stays true. For heavy parts below the fold (a chart
 * library) that should load when they are about to be seen, not with the page's first load.
 * Where IntersectionObserver is missing (jsdom), `near` is true at once.
 */
export function useNearViewport<T extends Element>(margin = '200px') {
  const [element, observe] = useState<T | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near, margin]);

  return [observe, near] as const;
}
