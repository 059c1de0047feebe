import { CONSENT_COOKIE_DAYS, CONSENT_COOKIE_NAME, REGION_COOKIE_NAME } from '@domain/constants';
import { readCookie, writeCookie } from './cookies';

/** gtag's consent states. */
export type ConsentState = 'granted' | 'denied';

interface ConsentUpdate {
  analytics_storage: ConsentState;
  ad_storage: ConsentState;
}

declare global {
  interface Window {
    /** gtag's command queue; a tag manager, if one is ever added, reads it. */
    dataLayer?: unknown[];
  }
}

let analyticsConsent: ConsentState = 'denied';
const listeners = new Set<(state: ConsentState) => void>();

function pushToDataLayer(command: unknown[]): void {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(command);
}

function consentFor(state: ConsentState): ConsentUpdate {
  return { analytics_storage: state, ad_storage: state };
}

function setConsent(state: ConsentState): void {
  analyticsConsent = state;
  pushToDataLayer(['consent', 'update', consentFor(state)]);
  for (const listener of listeners) listener(state);
}

/** docs/product.md §Shell: the region cookie `eu=1` marks a visitor whose consent is required. */
export function isConsentRegion(): boolean {
  return readCookie(REGION_COOKIE_NAME) === '1';
}

/** The stored choice: true (Allow), false (Deny), or null when none was made. */
export function storedConsent(): boolean | null {
  const value = readCookie(CONSENT_COOKIE_NAME);
  if (value === 'true') return true;
  if (value === 'false') return false;
  return null;
}

/** docs/product.md §Shell: the banner shows only in a consent region and only while no choice is stored. */
export function needsConsentBanner(): boolean {
  return isConsentRegion() && storedConsent() === null;
}

/**
 * At load (docs/product.md §Shell): analytics and ads start denied. In a consent region a stored
 * choice is applied at once (granted if true, otherwise denied) and without one they stay denied
 * until the visitor allows them; elsewhere no consent is asked for, so they are granted.
 */
export function initConsent(): void {
  analyticsConsent = 'denied';
  pushToDataLayer(['consent', 'default', consentFor('denied')]);
  if (!isConsentRegion()) setConsent('granted');
  else if (storedConsent() !== null) setConsent(storedConsent() ? 'granted' : 'denied');
}

/** docs/product.md §Shell: Allow stores `CookieConsent=true` for 365 days and grants; Deny stores false and denies. */
export function recordConsent(allow: boolean): void {
  writeCookie(CONSENT_COOKIE_NAME, String(allow), CONSENT_COOKIE_DAYS);
  setConsent(allow ? 'granted' : 'denied');
}

export function analyticsGranted(): boolean {
  return analyticsConsent === 'granted';
}

/** Called whenever the consent changes; returns the unsubscribe function. */
export function onConsentChange(listener: (state: ConsentState) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
