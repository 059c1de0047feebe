/**
 * Handing Google and Twitter sign-in over to the native mobile app (docs/product.md §Sign-in:
 * from app version 1.0.8). The app loads the web product in a React Native WebView and announces
 * itself in the user agent (`BylineApp/<version>`, see domain/app-version.ts). Such a page
 * must not run the web OAuth flow — Google refuses sign-in inside embedded WebViews — so
 * the button posts `{"type":"byline:native-signin","provider":"google"|"twitter"}` as a
 * JSON string through `window.ReactNativeWebView.postMessage`. The app then signs in
 * natively (`POST /api/auth/google/tokens` or `/google/signin`, or its Twitter flow) and
 * reloads the WebView with the new session. Older app versions keep the web flow.
 */
import { shouldHandOffSocialSignIn } from '@domain/app-version';
import type { SocialProvider } from './authApi';

declare global {
  interface Window {
    /** Injected by react-native-webview inside the mobile app. */
    ReactNativeWebView?: { postMessage(message: string): void };
  }
}

export const NATIVE_SIGN_IN_MESSAGE_TYPE = 'byline:native-signin';

/** True when the app took the sign-in over; false when the web flow must run. */
export function handOffSocialSignInToApp(provider: SocialProvider, userAgent = window.navigator.userAgent): boolean {
  const bridge = window.ReactNativeWebView;
  if (!bridge || !shouldHandOffSocialSignIn(userAgent)) return false;
  bridge.postMessage(JSON.stringify({ type: NATIVE_SIGN_IN_MESSAGE_TYPE, provider }));
  return true;
}
