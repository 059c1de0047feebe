import type { ReactNode } from "react";
import { useHydrated } from "./useHydrated";
import "./controls-when-ready.css";

/**
 * A form's controls. On a server-rendered page they stay disabled until the app has taken the
 * markup over: React sets a controlled input back to its own state when it hydrates, so text typed
 * into the server's markup would silently go, and a submit before then would do nothing. On a page
 * the browser rendered they are enabled from the start. The fieldset has `display: contents`, so
 * the form lays out its fields as before.
 */
export function ControlsWhenReady({ children }: { children: ReactNode }) {
  return (
    <fieldset className="controls-when-ready" disabled={!useHydrated()}>
      {children}
    </fieldset>
  );
}
