import type { SiteLinksConfig } from '../../config.js';
import type { SiteLinks } from './site-links.types.js';

/** The footer's order, with each network's name as it is written. */
const SOCIAL_NETWORKS = [
  ['instagram', 'Instagram'],
  ['tiktok', 'TikTok'],
  ['x', 'X'],
  ['linkedin', 'LinkedIn'],
  ['youtube', 'YouTube'],
] as const;

/** The configured addresses, each unset one left out (docs/product.md §Shell: no link points at a placeholder). */
export function siteLinksFrom(config: SiteLinksConfig): SiteLinks {
  return {
    merch: config.merch,
    appStore: config.appStore,
    playStore: config.playStore,
    socialProfiles: SOCIAL_NETWORKS.flatMap(([key, network]) => {
      const url = config[key];
      return url ? [{ network, url }] : [];
    }),
  };
}
