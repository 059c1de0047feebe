import { NO_IMAGE_SEARCH, canUseImageSearch } from '@domain/visual-match';
import { useQuery } from '@apollo/client/react';
import { lazy, useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { Part } from '@ui/Part';
import { preloadable } from '@ui/preloadable';
import * as MESSAGES from '@domain/messages';
import { SignUpPromptModal } from '@features/auth';
import { ViewerDocument } from '@gql/graphql';
import { useHydrated } from '@ui/useHydrated';
import { preloadTrackLink, useTrackLink } from './useTrackLink';
import './track-box.css';

// The box is on every page, its results only once someone types: they load on the first focus
// (or input), not with the shell (the first-load budget of docs/product.md §Performance, ~4 KB gz
// with the import warnings), and so do what a pasted link needs (the profile-link tables, the
// lookup and track calls).
const trackBoxResults = preloadable(() => import('./TrackBoxResults'));
const ImportWarningPanel = lazy(() => import('./ImportWarningPanel').then((module) => ({ default: module.ImportWarningPanel })));

export const TRACK_BOX_LABEL = 'Search or paste a link to track';

interface TrackBoxProps {
  signedIn: boolean;
  /** Lets the top bar focus the input when its small-screen popup opens. */
  inputRef?: RefObject<HTMLInputElement | null>;
  /** Escape with nothing left to close in the box (the popup closes then). */
  onEscape?: () => void;
  /** Track-only mode (docs/product.md §Search): plain text is not searched; the box asks for a link instead. */
  trackOnly?: boolean;
}

/** The entries arrows move between: result and shortcut links, and the image search button. */
function resultLinks(container: HTMLElement | null): HTMLElement[] {
  return container ? Array.from(container.querySelectorAll<HTMLElement>('a[href], button[data-result]')) : [];
}

/** The global search and track box (docs/product.md §Search): links are looked up and tracked, text is searched. */
export function TrackBox({ signedIn, inputRef, onEscape, trackOnly = false }: TrackBoxProps) {
  const box = useTrackLink(signedIn);
  // The shell has already asked who is signed in; this reads its answer from the cache.
  const { data: viewerData } = useQuery(ViewerDocument, { skip: !signedIn });
  // docs/product.md §Paid access: the same rule as Visual Match and the menu, decided by the server.
  const canSearchImages = canUseImageSearch(viewerData?.viewer?.viewerCan ?? NO_IMAGE_SEARCH);
  const [collapsed, setCollapsed] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  const ownInputRef = useRef<HTMLInputElement>(null);
  const input = inputRef ?? ownInputRef;
  const resultsId = useId();

  const tracking = box.phase.kind === 'tracking';
  const hydrated = useHydrated();
  // docs/product.md §Search: empty input closes the result list; 1 or more characters opens it.
  const open = box.text !== '' && !collapsed;
  const { dismissFailure } = box;
  const hasFailure = box.failure !== null;

  // A click or tap elsewhere closes the list and the warning.
  useEffect(() => {
    if (!open && !hasFailure) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current?.contains(event.target as Node)) return;
      setCollapsed(true);
      dismissFailure();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, hasFailure, dismissFailure]);

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      const first = resultLinks(resultsRef.current)[0];
      if (first) {
        event.preventDefault();
        first.focus();
      }
    } else if (event.key === 'Enter' && box.phase.kind === 'text') {
      // Enter opens the first entry (the creator search shortcut, or the best result).
      const first = resultLinks(resultsRef.current)[0];
      if (first) {
        event.preventDefault();
        first.click();
      }
    } else if (event.key === 'Escape') {
      // Browsers clear a search input on Escape; here it closes things instead.
      event.preventDefault();
      if (open) setCollapsed(true);
      else if (box.failure) box.dismissFailure();
      else onEscape?.();
    }
  };

  const onResultsKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const links = resultLinks(resultsRef.current);
    const index = links.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = event.key === 'ArrowDown' ? index + 1 : index - 1;
      if (next < 0) input.current?.focus();
      else links[Math.min(next, links.length - 1)]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setCollapsed(true);
      input.current?.focus();
    }
  };

  const openResult = () => {
    box.reset();
    setCollapsed(false);
  };

  return (
    <div className="track-box" ref={rootRef}>
      <svg className="track-box__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        ref={input}
        type="search"
        className="track-box__input"
        aria-label={TRACK_BOX_LABEL}
        aria-controls={open ? resultsId : undefined}
        placeholder={TRACK_BOX_LABEL}
        // docs/product.md §Search: while a link is tracked the input is disabled and reads this.
        // Also disabled while the app takes over a server-rendered page (ui/ControlsWhenReady.tsx
        // says why).
        value={tracking ? MESSAGES.trackingLink : box.text}
        disabled={tracking || !hydrated}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="go"
        onChange={(event) => {
          setCollapsed(false);
          box.change(event.target.value);
        }}
        onFocus={() => {
          setCollapsed(false);
          trackBoxResults.warm();
          preloadTrackLink();
        }}
        onKeyDown={onInputKeyDown}
      />

      {(open || box.failure) && (
        <div className="track-box__dropdown">
          {open && (
            <div
              id={resultsId}
              ref={resultsRef}
              role="region"
              aria-label="Results"
              className="track-box__results"
              data-testid="track-results"
              onKeyDown={onResultsKeyDown}
            >
              <Part>
                <trackBoxResults.Component phase={box.phase} signedIn={signedIn} onOpen={openResult} trackOnly={trackOnly} canSearchImages={canSearchImages} />
              </Part>
            </div>
          )}
          {box.failure && (
            <Part>
              <ImportWarningPanel failure={box.failure} onDismiss={box.dismissFailure} />
            </Part>
          )}
        </div>
      )}

      <SignUpPromptModal open={box.promptOpen} message={MESSAGES.linkNotInProduct} onClose={box.closePrompt} />
    </div>
  );
}
