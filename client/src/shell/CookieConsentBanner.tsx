import { useSyncExternalStore } from 'react';
import { needsConsentBanner, onConsentChange, recordConsent } from './consent';
import './cookie-consent.css';

export const CONSENT_MESSAGE =
  'We use cookies and similar tracking technologies to improve your browsing experience and to understand where our visitors come from.';

/**
 * docs/product.md §Shell: asks visitors in a consent region (`eu=1`) who have not chosen yet.
 * Allow grants analytics and ad consent, Deny denies them; either hides the banner.
 */
const hiddenOnServer = () => false;

export function CookieConsentBanner() {
  // The cookies only change through this banner (recordConsent tells onConsentChange's listeners).
  // A server-rendered page has no banner (the server does not read these cookies); the browser
  // shows it right after hydrating, as React does with a store's server snapshot.
  const visible = useSyncExternalStore(onConsentChange, needsConsentBanner, hiddenOnServer);
  if (!visible) return null;

  const choose = (allow: boolean) => recordConsent(allow);

  return (
    <section className="consent" aria-label="Cookie consent">
      <p className="consent__message">{CONSENT_MESSAGE}</p>
      <div className="consent__actions">
        <button type="button" className="button button--outline" onClick={() => choose(false)}>
          Deny
        </button>
        <button type="button" className="button button--primary" onClick={() => choose(true)}>
          Allow
        </button>
      </div>
    </section>
  );
}
