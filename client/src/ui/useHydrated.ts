import { useSyncExternalStore } from "react";

const nothingToSubscribe = () => () => {};

/**
 * False while React is taking over markup the server rendered (and on the server), true
 * otherwise: on a page the browser rendered alone it is true from the first render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToSubscribe,
    () => true,
    () => false,
  );
}
