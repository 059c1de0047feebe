import { useEffect, useState } from 'react';

/**
 * False while a component's first frame is painted, true from the task after that paint. A
 * dialog whose content is heavy (a long list of choices to lay out) renders its frame and
 * heading first, so the click that opened it is answered at the next paint, and its content a
 * frame later (docs/product.md §Accessibility: main interactions paint within 200 ms).
 */
export function useAfterNextPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // A timeout queued from an animation frame runs after that frame's paint.
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (typeof requestAnimationFrame !== 'function') {
      timer = setTimeout(() => setPainted(true), 0);
      return () => clearTimeout(timer);
    }
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
