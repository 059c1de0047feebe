import { useQuery } from '@apollo/client/react';
import { SiteLinksDocument, type SiteLinksQuery } from '@gql/graphql';

/**
 * Where the shell's business links go: pages of the app itself (docs/product.md §Shell). The
 * business offering is the business tier of /plans, a demo is asked for through /contact with
 * the subject filled in (docs/product.md §Contact), the creatives are the creator search, and
 * the status page is /status.
 */
export const IN_APP_LINKS = {
  business: '/plans#business',
  bookDemo: `/contact?${new URLSearchParams({ subject: 'Book a Demo' }).toString()}`,
  creatives: '/creators',
  helpCentre: '/help',
  status: '/status',
} as const;

type SiteLinks = SiteLinksQuery['siteLinks'];

const NONE: SiteLinks = { __typename: 'SiteLinks', merch: null, appStore: null, playStore: null, socialProfiles: [] };

/**
 * Byline's shop, social profiles and store pages as the server is configured: an address that is not set is
 * not there, so nothing links to a placeholder (none while the answer is on its way).
 */
export function useSiteLinks(): SiteLinks {
  const { data } = useQuery(SiteLinksDocument);
  return data?.siteLinks ?? NONE;
}
