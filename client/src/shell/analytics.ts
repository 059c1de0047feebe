import type { Router } from '@router';
import { analyticsGranted } from './consent';
import { apiCall } from './api';

/** An analytics-type event (docs/product.md §API), recorded through `POST /api/track`. */
export interface TrackedEvent {
  action: 'view' | 'click';
  target: string;
  targetId?: string | number;
  fields?: Record<string, string | number | boolean>;
}

/**
 * Sends an analytics-type event, fire-and-forget: nothing waits for it and failures are
 * ignored. Nothing is sent until analytics consent is granted (docs/product.md §Shell).
 */
export function trackEvent(event: TrackedEvent): void {
  if (!analyticsGranted()) return;
  apiCall('POST', '/track', event).catch(() => {
    // Analytics never disturbs the visitor.
  });
}

/** Sign-in clicks are tracked (docs/product.md §API). */
export function trackSignInClick(): void {
  trackEvent({ action: 'click', target: 'signIn' });
}

function pushEvent(name: string, path: string): void {
  if (!analyticsGranted()) return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(['event', name, { page_path: path }]);
}

/**
 * Route-change tracking on completion (docs/product.md §API): the new page is on screen. Queued
 * for a tag manager; nothing until consent is granted.
 */
export function trackPageView(path: string): void {
  pushEvent('page_view', path);
}

/** Route-change tracking on start: a navigation to `path` began (its page may still be loading). */
export function trackRouteChangeStart(path: string): void {
  pushEvent('route_change_start', path);
}

/** Profile clicks are tracked (docs/product.md §API), with the profile's username. */
export function trackProfileClick(username: string): void {
  trackEvent({ action: 'click', target: 'profile', targetId: username });
}

/** The route table's profile page (shell/routes.tsx). */
const PROFILE_ROUTE = '/:username';

/**
 * Tracks, for the whole app, the start of every navigation and every click on a link to a
 * profile (wherever the link is: search, credits, cards), by the router's own matching, so a
 * fixed path such as /explore never counts as a profile. Returns the function that stops both.
 */
export function trackNavigation(router: Pick<Router, 'history' | 'match'>, doc: Document = document): () => void {
  const stopListening = router.history.listen((location) => trackRouteChangeStart(location.pathname));
  const onClick = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement)) return;
    const url = new URL(link.href, doc.baseURI);
    if (url.origin !== new URL(doc.baseURI).origin) return;
    const match = router.match(url.pathname);
    const username = match?.route.path === PROFILE_ROUTE ? match.params.username : undefined;
    if (username) trackProfileClick(username);
  };
  doc.addEventListener('click', onClick, { capture: true });
  return () => {
    stopListening();
    doc.removeEventListener('click', onClick, { capture: true });
  };
}
