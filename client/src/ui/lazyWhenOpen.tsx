import type { ComponentType, ReactElement } from 'react';
import { Part } from './Part';
import { preloadable } from './preloadable';
import { useWhenIdle } from './useWhenIdle';

/** A dialog that shows while `open`, with a way to load its code early. */
export type WhenOpen<P> = ((props: P & { open: boolean }) => ReactElement | null) & { preload(): Promise<unknown> };

/**
 * A dialog whose code is not in the first load of the pages that may show it (docs/product.md
 * §Performance), yet is there when it opens: it loads once the page is idle after the dialog's
 * owner mounts (docs/product.md §Accessibility). Mounted only while `open`: focus is taken on
 * opening and given back on closing. Its own Suspense: if the code is still on its way, the page
 * around it stays as it is.
 */
export function lazyWhenOpen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): WhenOpen<P> {
  const body = preloadable(load);
  function WhenOpen({ open, ...props }: P & { open: boolean }) {
    useWhenIdle(body.warm, !open);
    return open ? (
      <Part fallback={null}>
        <body.Component {...(props as P)} />
      </Part>
    ) : null;
  }
  return Object.assign(WhenOpen, { preload: body.preload });
}
