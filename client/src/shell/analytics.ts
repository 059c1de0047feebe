import { analyticsGranted } from './consent';
import { apiCall } from './api';

/** An analytics-type event (spec 7), recorded through `POST /api/track`. */
export interface TrackedEvent {
  action: 'view' | 'click';
  target: string;
  targetId?: string | number;
  fields?: Record<string, string | number | boolean>;
}

/**
 * Sends an analytics-type event, fire-and-forget: nothing waits for it and failures are
 * ignored. Nothing is sent until analytics consent is granted (spec 4.7).
 */
export function trackEvent(event: TrackedEvent): void {
  if (!analyticsGranted()) return;
  apiCall('POST', '/track', event).catch(() => {
    // Analytics never disturbs the visitor.
  });
}

/** Spec 7: sign-in clicks are tracked. */
export function trackSignInClick(): void {
  trackEvent({ action: 'click', target: 'signIn' });
}

/** Route-change tracking (spec 7), queued for a tag manager; nothing until consent is granted. */
export function trackPageView(path: string): void {
  if (!analyticsGranted()) return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(['event', 'page_view', { page_path: path }]);
}
