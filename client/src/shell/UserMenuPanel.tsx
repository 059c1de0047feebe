import { useCallback } from 'react';
import { Link } from '@router';
import type { ViewerQuery } from '@gql/graphql';
import { readFeatureFlag } from './featureFlag';
import { hasMasqueradeCookie } from './masquerade';
import { useSiteLinks } from './externalLinks';
import { TEAMS_FEATURE_FLAG, userMenuItems } from './menuItems';
import { TeamSwitcher } from './TeamSwitcher';
import { menuViewer, useOpenBillingPortal } from './menuViewer';
import { useMenuActions } from './useMenuActions';
import './user-menu-panel.css';

interface UserMenuPanelProps {
  panelId: string;
  viewer: NonNullable<ViewerQuery['viewer']>;
  /** The page's path and query, for the menu's return links. */
  currentPath: string;
  newCount: number | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function NotificationCount({ count }: { count: number }) {
  return (
    <span className="user-menu__item-count">
      {count}
      <span className="visually-hidden"> new</span>
    </span>
  );
}

/**
 * The signed-in menu's items (docs/product.md §Shell) and what its actions open (the upgrade
 * prompt, the billing portal, stopping a masquerade). Loaded with the menu's first opening
 * (UserMenu) and kept mounted after, so a dialog an item opened outlives the menu closing.
 */
export default function UserMenuPanel({ panelId, viewer, currentPath, newCount, open, onOpenChange }: UserMenuPanelProps) {
  const close = useCallback(() => onOpenChange(false), [onOpenChange]);
  const openBillingPortal = useOpenBillingPortal();
  const { run: onAction, busy: busyAction, dialogs } = useMenuActions({ openBillingPortal, closeMenu: close });
  const { merch } = useSiteLinks();
  const items = userMenuItems(menuViewer(viewer), { currentPath, teamsFlag: readFeatureFlag() === TEAMS_FEATURE_FLAG, masqueradeCookie: hasMasqueradeCookie(), merchUrl: merch });

  return (
    <>
      <nav id={panelId} className="user-menu__panel" aria-label="Account" hidden={!open}>
        <ul>
          {items.map((item) => (
            <li key={item.label} className={item.kind === 'link' && item.onlySmallScreens ? 'hide-from-md' : undefined}>
              {item.kind === 'link' && (
                <Link to={item.to} onClick={close}>
                  {item.label}
                  {item.showCount && newCount !== undefined && <NotificationCount count={newCount} />}
                </Link>
              )}
              {item.kind === 'external' && (
                <a href={item.href} onClick={close}>
                  {item.label}
                </a>
              )}
              {item.kind === 'action' && (
                <button
                  type="button"
                  className="user-menu__action"
                  aria-busy={busyAction === item.action}
                  disabled={busyAction === item.action}
                  onClick={() => onAction(item.action)}
                >
                  {item.label}
                </button>
              )}
            </li>
          ))}
        </ul>
        <TeamSwitcher />
      </nav>
      {dialogs}
    </>
  );
}
