import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isUrlLike } from '@domain/url-like';
import type { TrackedPostFragment } from '@gql/graphql';
import { serverRefusal } from '@shell/serverError';
import { loadedProfileRecognition, loadProfileRecognition } from './linkRecognition';

const loadTrackRequests = () => import('./trackRequests');

/** What a pasted link needs (the profile-link tables, the lookup and track calls): loaded on the box's first focus. */
export function preloadTrackLink(): void {
  void loadProfileRecognition();
  void loadTrackRequests();
}

/** How long typing must pause before a link is looked up (docs/product.md §Search: calls are debounced). */
export const LOOKUP_DEBOUNCE_MS = 300;

/** Where the box is with what was typed (docs/product.md §Search). */
export type TrackPhase =
  | { kind: 'empty' }
  /** Text that is not a link, or a profile link (searched as its handle, docs/product.md §Search): `query` is what is searched. */
  | { kind: 'text'; query: string }
  | { kind: 'lookingUp'; url: string }
  /** Signed in, the link was not found: createPostByUrl runs. */
  | { kind: 'tracking'; url: string }
  | { kind: 'found'; post: TrackedPostFragment }
  /** Signed out and the link is not in the product: the sign-up prompt says so. */
  | { kind: 'notInProduct'; url: string }
  /** The server could not be reached: there is no server message to show. */
  | { kind: 'unreachable' };

/**
 * A link that could not be tracked right away: kept with the server's message (docs/product.md
 * §Search, §Posts). The warning shown for it is chosen by ImportWarningPanel, which loads with the
 * first failure.
 */
export interface TrackFailure {
  url: string;
  /** The server's message; null when the link was queued rather than refused. */
  message: string | null;
}

const EMPTY: TrackPhase = { kind: 'empty' };

/**
 * The link part of the global search and track box (docs/product.md §Search): a pasted link is
 * looked up; signed in and not found, it is tracked; signed out and not found, the sign-up prompt
 * opens; a refusal keeps the message and url, picks the import warning, and clears the input. Each
 * keystroke starts a new attempt, so late answers to older text are ignored.
 */
export function useTrackLink(signedIn: boolean) {
  const client = useApolloClient();
  const [text, setText] = useState('');
  const [phase, setPhase] = useState<TrackPhase>(EMPTY);
  const [failure, setFailure] = useState<TrackFailure | null>(null);
  const [promptOpen, setPromptOpen] = useState(false);

  const attempt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const signedInRef = useRef(signedIn);

  useEffect(() => {
    signedInRef.current = signedIn;
  }, [signedIn]);

  useEffect(() => {
    const attempts = attempt;
    const timers = timer;
    return () => {
      clearTimeout(timers.current);
      attempts.current++;
    };
  }, []);

  const isCurrent = (id: number) => id === attempt.current;

  function refused(url: string, error: unknown) {
    const refusal = serverRefusal(error);
    if (!refusal) {
      // No answer from the server: keep the text so the person can try again.
      setPhase({ kind: 'unreachable' });
      return;
    }
    if (refusal.code === 'UNAUTHENTICATED') {
      // The session ended while tracking: same as being signed out.
      setPhase({ kind: 'notInProduct', url });
      setPromptOpen(true);
      return;
    }
    setFailure({ url, message: refusal.message });
    setText('');
    setPhase(EMPTY);
  }

  async function track(url: string, id: number) {
    setPhase({ kind: 'tracking', url });
    try {
      const { trackPostByUrl } = await loadTrackRequests();
      const result = await trackPostByUrl(client, url);
      if (!isCurrent(id)) return;
      if (result && result.outcome !== 'QUEUED' && result.post) {
        setPhase({ kind: 'found', post: result.post });
        return;
      }
      // Queued: the import goes on in the background and a notification follows.
      setFailure({ url, message: null });
      setText('');
      setPhase(EMPTY);
    } catch (error) {
      if (isCurrent(id)) refused(url, error);
    }
  }

  async function lookUp(url: string, id: number) {
    let post: TrackedPostFragment | null;
    try {
      const { findPostByUrl } = await loadTrackRequests();
      post = await findPostByUrl(client, url);
    } catch (error) {
      if (isCurrent(id)) refused(url, error);
      return;
    }
    if (!isCurrent(id)) return;
    if (post) setPhase({ kind: 'found', post });
    else if (signedInRef.current) await track(url, id);
    else {
      setPhase({ kind: 'notInProduct', url });
      setPromptOpen(true);
    }
  }

  /** The input changed (typed or pasted). */
  function change(value: string) {
    const id = ++attempt.current;
    clearTimeout(timer.current);
    setText(value);
    setFailure(null);
    if (value === '') {
      setPhase(EMPTY);
    } else if (!isUrlLike(value)) {
      setPhase({ kind: 'text', query: value });
    } else {
      const url = value.trim();
      const recognize = loadedProfileRecognition();
      if (recognize) {
        classifyLink(url, id, recognize);
      } else {
        // The first link before the tables arrived (they load on focus): wait for them.
        setPhase({ kind: 'lookingUp', url });
        void loadProfileRecognition().then((loaded) => {
          if (isCurrent(id)) classifyLink(url, id, loaded);
        });
      }
    }
  }

  /** A profile link is searched as its handle (docs/product.md §Search); any other link is looked up. */
  function classifyLink(url: string, id: number, recognizeProfileUrl: (url: string) => { handle: string } | null) {
    const profile = recognizeProfileUrl(url);
    if (profile) {
      setPhase({ kind: 'text', query: profile.handle });
      return;
    }
    setPhase({ kind: 'lookingUp', url });
    timer.current = setTimeout(() => void lookUp(url, id), LOOKUP_DEBOUNCE_MS);
  }

  /** Back to an empty box, e.g. after opening a result. */
  function reset() {
    attempt.current++;
    clearTimeout(timer.current);
    setText('');
    setPhase(EMPTY);
    setFailure(null);
    setPromptOpen(false);
  }

  const dismissFailure = useCallback(() => setFailure(null), []);
  const closePrompt = useCallback(() => setPromptOpen(false), []);

  return {
    text,
    phase,
    failure,
    promptOpen,
    change,
    reset,
    dismissFailure,
    closePrompt,
  };
}
