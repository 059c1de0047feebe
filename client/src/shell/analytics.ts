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

/** Route-change tracking (docs/product.md §API), queued for a tag manager; nothing until consent is granted. */
export function trackPageView(path: string): void {
  if (!analyticsGranted()) return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(['event', 'page_view', { page_path: path }]);
}
