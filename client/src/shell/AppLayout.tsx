import { useEffect } from 'react';
import { Part } from '@ui/Part';
import { Outlet, useLocation } from '@router';
import { ToastProvider } from '@ui/ToastProvider';
import { trackPageView } from './analytics';
import { CookieConsentBanner } from './CookieConsentBanner';
import { applyFeatureFlagQuery } from './featureFlag';
import { Footer, FooterSpacer } from './Footer';
import { PageAccessGuard } from './PageAccessGuard';
import { PageHeadProvider } from './PageHeadContext';
import { useRouteHandle } from './routeHandle';
import { TermsAcknowledgement } from './TermsAcknowledgement';
import { TopBar } from './TopBar';
import { reportWebVitalsIfAsked } from './webVitals';
import './app-layout.css';

/**
 * The shared layout every page is wrapped in (docs/product.md §Shell): the top bar, the page behind
 * its access rule, the footer (or plain spacing where the route says `hideFooter`), toasts, the
 * cookie banner, the terms dialog (docs/product.md §Terms), the page head and the query flags.
 */
export function AppLayout() {
  const handle = useRouteHandle();
  const { pathname, search } = useLocation();

  // Query flags work on every page, including ones reached by client-side navigation.
  useEffect(() => applyFeatureFlagQuery(search), [search]);
  useEffect(() => reportWebVitalsIfAsked(search), [search]);
  useEffect(() => trackPageView(pathname), [pathname]);

  return (
    <ToastProvider>
      <PageHeadProvider routeTitle={handle?.title} path={pathname + search}>
        <div className="shell">
          <a className="skip-link" href="#main">
            Skip to content
          </a>
          <TopBar />
          <main id="main" className="shell__main" tabIndex={-1}>
            {/* Pages load lazily: the shell paints first, the page's chunk follows. */}
            <Part fallback={<div className="page" aria-busy="true" />}>
              <PageAccessGuard>
                <Outlet />
              </PageAccessGuard>
            </Part>
          </main>
          {handle?.hideFooter ? <FooterSpacer /> : <Footer />}
          <CookieConsentBanner />
          <TermsAcknowledgement />
        </div>
      </PageHeadProvider>
    </ToastProvider>
  );
}
