/**
 * Google sign-in in a popup window. The server's callback page, opened in the popup,
 * posts `{type: 'byline:auth', ok, returnTo, isNewUser, message}` to this window and
 * closes itself. Only messages from our own origin count: any page could post to us.
 */

export const AUTH_MESSAGE_TYPE = 'byline:auth';

export interface PopupSignInResult {
  ok: boolean;
  returnTo?: string | null;
  isNewUser?: boolean;
  message?: string | null;
}

/** How often to notice that the user closed the popup (docs/product.md §Sign-in: that is silent). */
export const CLOSED_POLL_MS = 500;

function isAuthMessage(data: unknown): data is PopupSignInResult & { type: string } {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === AUTH_MESSAGE_TYPE && typeof (data as { ok?: unknown }).ok === 'boolean';
}

export interface PopupSignIn {
  /** The popup's answer, or null when it was closed without one. */
  result: Promise<PopupSignInResult | null>;
  cancel(): void;
}

/** Opens the popup, or returns null when the browser blocked it. */
export function openSignInPopup(url: string): PopupSignIn | null {
  const width = 500;
  const height = 640;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  const popup = window.open(url, 'byline-signin', `popup=yes,width=${width},height=${height},left=${left},top=${top}`);
  if (!popup) return null;

  let stop = () => {};
  const result = new Promise<PopupSignInResult | null>((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isAuthMessage(event.data)) return;
      stop();
      resolve({ ok: event.data.ok, returnTo: event.data.returnTo ?? null, isNewUser: event.data.isNewUser === true, message: event.data.message ?? null });
    };
    const poll = window.setInterval(() => {
      if (!popup.closed) return;
      // The callback page posts and then closes itself: give its message a moment to arrive.
      window.setTimeout(() => {
        stop();
        resolve(null);
      }, CLOSED_POLL_MS);
      window.clearInterval(poll);
    }, CLOSED_POLL_MS);
    window.addEventListener('message', onMessage);
    stop = () => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(poll);
    };
  });
  return {
    result,
    cancel() {
      stop();
      if (!popup.closed) popup.close();
    },
  };
}
