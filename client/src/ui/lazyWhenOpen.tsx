import { lazy, type ComponentType, type ReactElement } from 'react';
import { Part } from './Part';

/**
 * A dialog whose code loads when it first opens, so the pages that may show it need not carry it
 * in their first load (docs/product.md §Performance). Mounted only while `open`: focus is taken on
 * opening and given back on closing. Its own Suspense: while the code arrives, the page around it
 * stays as it is.
 */
export function lazyWhenOpen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): (props: P & { open: boolean }) => ReactElement | null {
  const Body = lazy(load);
  return function WhenOpen({ open, ...props }: P & { open: boolean }) {
    return open ? (
      <Part fallback={null}>
        <Body {...(props as P)} />
      </Part>
    ) : null;
  };
}
