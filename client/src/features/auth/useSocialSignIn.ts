import { useCallback, useEffect, useRef, useState } from 'react';
import type { SocialProvider } from './authApi';
import { openSignInPopup, type PopupSignIn } from './googlePopup';
import { leavePageFor } from '@shell/leavePage';
import { handOffSocialSignInToApp } from './nativeApp';
import type { SignInOutcome } from './useCompleteSignIn';

export interface SocialSignInOptions {
  /** Where to come back to; for linking, the page to return to after adding the login. */
  returnTo: string | null;
  /** Adds the login to the signed-in account instead of signing in (`link=1`). */
  link?: boolean;
  /** Where Twitter sends the user back when it fails (`errorTo`). */
  errorTo?: string;
  onSignedIn(outcome: SignInOutcome): void | Promise<void>;
}

export function googleStartUrl({ returnTo, link }: Pick<SocialSignInOptions, 'returnTo' | 'link'>, popup: boolean): string {
  const query = new URLSearchParams();
  if (popup) query.set('popup', '1');
  if (returnTo) query.set('returnTo', returnTo);
  if (link) query.set('link', '1');
  return `/api/auth/google?${query.toString()}`;
}

export function twitterStartUrl({ returnTo, link, errorTo }: Pick<SocialSignInOptions, 'returnTo' | 'link' | 'errorTo'>): string {
  const query = new URLSearchParams();
  if (link) query.set('link', '1');
  query.set('next', returnTo ?? '/');
  query.set('errorTo', errorTo ?? '/signin');
  return `/api/auth/twitter?${query.toString()}`;
}

/** Apple answers with a cross-site form POST to the server, so its flow is always a full-page trip. */
export function appleStartUrl(returnTo: string | null): string {
  const query = new URLSearchParams();
  if (returnTo) query.set('returnTo', returnTo);
  return `/api/auth/apple?${query.toString()}`;
}

/**
 * Starts Google or Twitter sign-in: handed to the native app when it handles it, Google in
 * a popup (a full-page redirect if the popup is blocked), Twitter as a full-page redirect.
 * A popup closed by the user, or failing without a message, is silent (docs/product.md §Sign-in).
 */
export function useSocialSignIn(options: SocialSignInOptions) {
  const [problem, setProblem] = useState<string | null>(null);
  const [waitingFor, setWaitingFor] = useState<SocialProvider | null>(null);
  const popupRef = useRef<PopupSignIn | null>(null);
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });

  useEffect(() => () => popupRef.current?.cancel(), []);

  const start = useCallback(async (provider: SocialProvider, { allowPopup = true } = {}) => {
    setProblem(null);
    if (handOffSocialSignInToApp(provider)) return;
    const current = optionsRef.current;
    if (provider === 'twitter') {
      leavePageFor(twitterStartUrl(current));
      return;
    }
    const popup = allowPopup ? openSignInPopup(googleStartUrl(current, true)) : null;
    if (!popup) {
      leavePageFor(googleStartUrl(current, false));
      return;
    }
    popupRef.current?.cancel();
    popupRef.current = popup;
    setWaitingFor('google');
    const result = await popup.result;
    if (popupRef.current !== popup) return;
    popupRef.current = null;
    setWaitingFor(null);
    if (result?.ok) {
      await optionsRef.current.onSignedIn({ returnTo: result.returnTo ?? null, isNewUser: result.isNewUser });
    } else if (result?.message) {
      setProblem(result.message);
    }
  }, []);

  return { start, problem, waitingFor };
}
