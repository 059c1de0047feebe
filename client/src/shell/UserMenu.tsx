import { useEffect, useId, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import type { ViewerQuery } from '../gql/graphql';

type Viewer = NonNullable<ViewerQuery['viewer']>;

interface MenuItem {
  to: string;
  label: string;
  className?: string;
  showCount?: boolean;
}

/**
 * Spec 2.3 menu items, in order. Not here yet: Billing (its billing check is not
 * specified), the business offering and Merch (external pages not known yet), and
 * Stop Masquerade (needs the masquerade state on the viewer).
 */
function menuItems(viewer: Viewer, currentPath: string): MenuItem[] {
  const items: (MenuItem | false)[] = [
    { to: '/notifications', label: 'Notifications', showCount: true },
    { to: '/teams', label: 'Teams', className: 'hide-from-md' },
    { to: '/visualmatch', label: 'Visual Match AI' },
    { to: '/manager', label: 'Content Manager' },
    { to: '/lists', label: 'Lists' },
    { to: '/projects', label: 'Projects' },
    viewer.isAdmin && { to: '/admin/users', label: 'Admin' },
    !viewer.isPro && {
      to: `/plans?${new URLSearchParams({ returnTo: currentPath }).toString()}`,
      label: 'Upgrade to PRO',
    },
    { to: '/settings', label: 'Settings' },
    { to: '/signout', label: 'Log out' },
  ];
  return items.filter((item): item is MenuItem => item !== false);
}

interface UserMenuProps {
  viewer: Viewer;
  /** New notifications; undefined until loaded (or when loading failed). */
  newCount: number | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The signed-in menu button with the new-notification count and dot, and its menu. */
export function UserMenu({ viewer, newCount, open, onOpenChange }: UserMenuProps) {
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const currentPath = location.pathname + location.search;

  // Any navigation closes the menu.
  useEffect(() => onOpenChange(false), [location.key, onOpenChange]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) onOpenChange(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        onOpenChange(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, onOpenChange]);

  const hasNew = newCount !== undefined && newCount > 0;
  const label = newCount === undefined ? 'Menu' : `Menu, ${newCount} new notification${newCount === 1 ? '' : 's'}`;

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => onOpenChange(!open)}
      >
        <svg className="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        {newCount !== undefined && (
          <span className="user-menu__count" data-testid="notification-count">
            {newCount}
          </span>
        )}
        {hasNew && <span className="user-menu__dot" data-testid="notification-dot" aria-hidden="true" />}
      </button>

      <nav id={panelId} className="user-menu__panel" aria-label="Account" hidden={!open}>
        <ul>
          {menuItems(viewer, currentPath).map((item) => (
            <li key={item.label} className={item.className}>
              <Link to={item.to} onClick={() => onOpenChange(false)}>
                {item.label}
                {item.showCount && newCount !== undefined && (
                  <span className="user-menu__item-count">
                    {newCount}
                    <span className="visually-hidden"> new</span>
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
