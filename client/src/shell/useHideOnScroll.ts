import { useEffect, useState } from 'react';
import { SCROLL_HIDE_THRESHOLD_PX } from '@domain/constants';

/**
 * docs/product.md §Shell: on small screens the top bar hides when scrolling down past 100 px.
 * True while the page is scrolled down past the threshold and the last scroll went
 * down. The CSS only acts on it below the md breakpoint, so large screens keep the bar.
 */
export function useHideOnScroll(disabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    if (disabled) return;
    let lastY = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      setHidden(y > SCROLL_HIDE_THRESHOLD_PX && y > lastY);
      lastY = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [disabled]);

  // While disabled (the search popup is open, say) the bar always shows.
  return hidden && !disabled;
}
