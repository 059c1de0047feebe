import { lazy, useState, type ComponentType } from 'react';

/** A component whose code loads on demand, and can be asked to load early. */
export interface Preloadable<P> {
  /** Suspends while the code loads; renders at once, without suspending, once it is here. */
  Component: ComponentType<P>;
  /** Starts loading the code (once; later calls get the same promise). */
  preload(): Promise<unknown>;
  /** Starts loading and ignores a failure: React.lazy tries again when it renders, and shows what failed. */
  warm(): void;
  /** Handlers for what opens it: the pointer over it, focus on it, or a press starting each load the code before the click. */
  intent: { onPointerEnter(): void; onFocus(): void; onPointerDown(): void };
}

/**
 * React.lazy with a preload. A menu, dialog or popover keeps its code out of the page's first load
 * (docs/product.md §Performance) yet opens within a frame of the click: its code is fetched when
 * the page is idle (`useWhenIdle`) or when the pointer or focus reaches its trigger (`intent`),
 * never on the click itself (docs/product.md §Accessibility). Once loaded it is rendered directly:
 * React.lazy would still suspend on its first render, and React holds a revealed Suspense
 * boundary's content back for a moment after its fallback.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  const warm = () => {
    preload().catch(() => undefined);
  };
  function Component(props: P) {
    // Chosen once per mount: switching from Lazy to the loaded component would remount it.
    const [Chosen] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Chosen {...props} />;
  }
  return { Component, preload, warm, intent: { onPointerEnter: warm, onFocus: warm, onPointerDown: warm } };
}
