import { canUseImageSearch } from '@domain/visual-match';
import { PRODUCT_NAME } from './brand';
import { IN_APP_LINKS } from './externalLinks';

/** What the user menu needs to know about the viewer (docs/product.md §Shell). */
export interface MenuViewer {
  isAdmin: boolean;
  /** Pro, free pro, team pro or a paid team: no Upgrade to PRO item. */
  hasPaidAccess: boolean;
  /** May open pro pages (Visual Match AI); others get the upgrade prompt. */
  canSeeProPages: boolean;
  /** The billing check (docs/product.md §Shell, item 4). */
  canSeeBilling: boolean;
  isBusiness: boolean;
  isMasquerading: boolean;
}

export interface MenuContext {
  /** Path and query of the current page, for returnTo. */
  currentPath: string;
  /** The `teams` feature flag (set with `?ff=teams`): Teams stays in the menu on large screens too. */
  teamsFlag: boolean;
  /** Whether the page-readable masquerade cookie exists. */
  masqueradeCookie: boolean;
  /** Byline's shop, when the server has one set (no Merch item otherwise). */
  merchUrl: string | null;
}

export type MenuAction = 'visualMatchUpgrade' | 'billing' | 'stopMasquerade';

export type MenuItem =
  | { kind: 'link'; label: string; to: string; showCount?: boolean; onlySmallScreens?: boolean }
  | { kind: 'external'; label: string; href: string }
  | { kind: 'action'; label: string; action: MenuAction };

export const TEAMS_FEATURE_FLAG = 'teams';
export const BUSINESS_ITEM_LABEL = `${PRODUCT_NAME} for Business`;

/** The 14 menu items of docs/product.md §Shell, in order, each shown under its condition. */
export function userMenuItems(viewer: MenuViewer, context: MenuContext): MenuItem[] {
  const items: (MenuItem | false)[] = [
    { kind: 'link', label: 'Notifications', to: '/notifications', showCount: true },
    // The top bar drops its Teams link on small screens, so the menu carries it there.
    { kind: 'link', label: 'Teams', to: '/teams', onlySmallScreens: !context.teamsFlag },
    // The same rule the server applies to image search: a paid team's member may use it too.
    canUseImageSearch({ hasPaidAccess: viewer.hasPaidAccess, seeProPages: viewer.canSeeProPages })
      ? { kind: 'link', label: 'Visual Match AI', to: '/visualmatch' }
      : { kind: 'action', label: 'Visual Match AI', action: 'visualMatchUpgrade' },
    viewer.canSeeBilling && { kind: 'action', label: 'Billing', action: 'billing' },
    { kind: 'link', label: 'Content Manager', to: '/manager' },
    { kind: 'link', label: 'Lists', to: '/lists' },
    { kind: 'link', label: 'Projects', to: '/projects' },
    viewer.isAdmin && { kind: 'link', label: 'Admin', to: '/admin/users' },
    !viewer.hasPaidAccess && {
      kind: 'link',
      label: 'Upgrade to PRO',
      to: `/plans?${new URLSearchParams({ returnTo: context.currentPath }).toString()}`,
    },
    !viewer.isBusiness && { kind: 'link', label: BUSINESS_ITEM_LABEL, to: IN_APP_LINKS.business },
    { kind: 'link', label: 'Settings', to: '/settings' },
    context.merchUrl !== null && { kind: 'external', label: 'Merch', href: context.merchUrl },
    { kind: 'link', label: 'Log out', to: '/signout' },
    viewer.isMasquerading && context.masqueradeCookie && { kind: 'action', label: 'Stop Masquerade', action: 'stopMasquerade' },
  ];
  return items.filter((item): item is MenuItem => item !== false);
}
