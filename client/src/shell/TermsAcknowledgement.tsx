import { useQuery } from '@apollo/client/react';
import { lazy } from 'react';
import { ViewerDocument } from '@gql/graphql';
import { useLocation } from '@router';
import { Part } from '@ui/Part';
import { useHydrated } from '@ui/useHydrated';

const TermsAcknowledgementDialog = lazy(() => import('./TermsAcknowledgementDialog'));

/**
 * docs/product.md §Terms: on any page, a signed-in viewer with a newer material version of the
 * terms to acknowledge gets the blocking dialog. Its code loads only for them; it is shown once
 * the page is the browser's (a server-rendered page has no dialog to take focus). On /terms the
 * answers wait in a bar instead, so the text can be read first.
 */
export function TermsAcknowledgement() {
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  const { data } = useQuery(ViewerDocument);
  if (!hydrated || data?.viewer?.termsAcknowledgementNeeded !== true) return null;
  return (
    <Part fallback={null}>
      <TermsAcknowledgementDialog onTermsPage={pathname === '/terms'} />
    </Part>
  );
}
