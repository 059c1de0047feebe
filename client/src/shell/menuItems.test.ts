import { describe, expect, it } from 'vitest';
import { userMenuItems, type MenuContext, type MenuItem, type MenuViewer } from './menuItems';

const freeUser: MenuViewer = {
  isAdmin: false,
  hasPaidAccess: false,
  canSeeProPages: false,
  canSeeBilling: false,
  isBusiness: false,
  isMasquerading: false,
};
const context: MenuContext = { currentPath: '/explore?tags=x', teamsFlag: false, masqueradeCookie: false, merchUrl: 'https://shop.byline.test/' };

const labels = (items: MenuItem[]) => items.map((item) => item.label);

describe('user menu items', () => {
  it('gives a free user the items in spec order', () => {
    const items = userMenuItems(freeUser, context);
    expect(labels(items)).toEqual([
      'Notifications',
      'Teams',
      'Visual Match AI',
      'Content Manager',
      'Lists',
      'Projects',
      'Upgrade to PRO',
      'Byline for Business',
      'Settings',
      'Merch',
      'Log out',
    ]);
    expect(items.find((item) => item.label === 'Upgrade to PRO')).toMatchObject({ to: '/plans?returnTo=%2Fexplore%3Ftags%3Dx' });
    expect(items.find((item) => item.label === 'Byline for Business')).toEqual({ kind: 'link', label: 'Byline for Business', to: '/plans#business' });
    expect(items.find((item) => item.label === 'Merch')).toEqual({ kind: 'external', label: 'Merch', href: 'https://shop.byline.test/' });
    // No shop set, no Merch item: nothing points at a placeholder.
    expect(labels(userMenuItems(freeUser, { ...context, merchUrl: null }))).not.toContain('Merch');
    expect(items.find((item) => item.label === 'Log out')).toMatchObject({ to: '/signout' });
  });

  it('shows all 14 in order to a paying admin masquerading, with the cookie, minus the conditional ones that hide', () => {
    const items = userMenuItems(
      { isAdmin: true, hasPaidAccess: false, canSeeProPages: true, canSeeBilling: true, isBusiness: false, isMasquerading: true },
      { ...context, masqueradeCookie: true },
    );
    expect(labels(items)).toEqual([
      'Notifications',
      'Teams',
      'Visual Match AI',
      'Billing',
      'Content Manager',
      'Lists',
      'Projects',
      'Admin',
      'Upgrade to PRO',
      'Byline for Business',
      'Settings',
      'Merch',
      'Log out',
      'Stop Masquerade',
    ]);
  });

  it('keeps Teams for small screens only, unless the teams feature flag is set', () => {
    expect(userMenuItems(freeUser, context)[1]).toEqual({ kind: 'link', label: 'Teams', to: '/teams', onlySmallScreens: true });
    expect(userMenuItems(freeUser, { ...context, teamsFlag: true })[1]).toEqual({ kind: 'link', label: 'Teams', to: '/teams', onlySmallScreens: false });
  });

  it('opens Visual Match AI for those who may see pro pages, else offers the upgrade prompt', () => {
    expect(userMenuItems({ ...freeUser, canSeeProPages: true }, context)[2]).toEqual({ kind: 'link', label: 'Visual Match AI', to: '/visualmatch' });
    expect(userMenuItems(freeUser, context)[2]).toEqual({ kind: 'action', label: 'Visual Match AI', action: 'visualMatchUpgrade' });
    // A paid team's member has paid access without the PRO flag, and may search by image as the server allows.
    expect(userMenuItems({ ...freeUser, hasPaidAccess: true }, context)[2]).toEqual({ kind: 'link', label: 'Visual Match AI', to: '/visualmatch' });
  });

  it.each([
    ['Billing', { canSeeBilling: true }, true],
    ['Billing', { canSeeBilling: false }, false],
    ['Admin', { isAdmin: true }, true],
    ['Admin', { isAdmin: false }, false],
    ['Upgrade to PRO', { hasPaidAccess: true }, false],
    ['Byline for Business', { isBusiness: true }, false],
  ] as const)('%s with %o: shown %s', (label, viewer, shown) => {
    expect(labels(userMenuItems({ ...freeUser, ...viewer }, context)).includes(label)).toBe(shown);
  });

  it('offers Stop Masquerade only while masquerading and the masquerade cookie exists', () => {
    const has = (viewer: Partial<MenuViewer>, cookie: boolean) =>
      labels(userMenuItems({ ...freeUser, ...viewer }, { ...context, masqueradeCookie: cookie })).includes('Stop Masquerade');
    expect(has({ isMasquerading: true }, true)).toBe(true);
    expect(has({ isMasquerading: true }, false)).toBe(false);
    expect(has({ isMasquerading: false }, true)).toBe(false);
  });
});
