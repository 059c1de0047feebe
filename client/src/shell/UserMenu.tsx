import { useCallback, useEffect, useId, useRef } from 'react';
import { Link, useLocation } from '@router';
import { usePopoverDismiss } from '@ui/usePopoverDismiss';
import type { MenuAction, MenuItem } from './menuItems';

interface UserMenuProps {
  items: MenuItem[];
  /** New notifications; undefined until loaded (or when loading failed). */
  newCount: number | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAction: (action: MenuAction) => void;
  /** An action still running (the Billing portal being opened, say). */
  busyAction?: MenuAction | null;
}

function NotificationCount({ count }: { count: number }) {
  return (
    <span className="user-menu__item-count">
      {count}
      <span className="visually-hidden"> new</span>
    </span>
  );
}

/** The signed-in menu button with the new-notification count and dot, and its menu (spec 2.3). */
export function UserMenu({ items, newCount, open, onOpenChange, onAction, busyAction = null }: UserMenuProps) {
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // Any navigation closes the menu.
  useEffect(() => onOpenChange(false), [location.key, onOpenChange]);

  const close = useCallback(() => onOpenChange(false), [onOpenChange]);
  usePopoverDismiss(open, close, rootRef, buttonRef);

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
      </nav>
    </div>
  );
}
