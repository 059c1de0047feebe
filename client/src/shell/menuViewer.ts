import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { useLocation } from '@router';
import { CreateBillingPortalSessionDocument, type ViewerQuery } from '@gql/graphql';
import type { MenuViewer } from './menuItems';

type Viewer = NonNullable<ViewerQuery['viewer']>;

/** The viewer as the user menu sees it: the server's own checks (docs/product.md §Paid access), never re-derived here. */
export function menuViewer(viewer: Viewer): MenuViewer {
  return {
    isAdmin: viewer.viewerCan.seeAdmin,
    hasPaidAccess: viewer.viewerCan.hasPaidAccess,
    canSeeProPages: viewer.viewerCan.seeProPages,
    canSeeBilling: viewer.canSeeBilling,
    isBusiness: viewer.isBusiness,
    isMasquerading: viewer.isMasquerading,
  };
}

/**
 * Opens the card-payment billing portal: resolves to the
 * portal's address, which returns to the current page; rejects with the server's message
 * (e.g. "Billing is not configured.").
 */
export function useOpenBillingPortal(): () => Promise<string> {
  const [createPortal] = useMutation(CreateBillingPortalSessionDocument);
  const { pathname, search } = useLocation();
  return useCallback(async () => {
    const { data } = await createPortal({ variables: { input: { returnPath: pathname + search } } });
    if (!data) throw new Error('Billing is not configured.');
    return data.createBillingPortalSession.url;
  }, [createPortal, pathname, search]);
}
