import { lazy, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Part } from '@ui/Part';
import { useLocation } from '@router';
import type { ViewerQuery } from '@gql/graphql';
import { usePopoverDismiss } from '@ui/usePopoverDismiss';

// The menu's items and actions (billing portal, upgrade prompt, masquerade) load when it first
// opens: the button and its count are on every signed-in page, the menu only when asked for
// (docs/product.md §Performance).
const UserMenuPanel = lazy(() => import('./UserMenuPanel'));

interface UserMenuProps {
  viewer: NonNullable<ViewerQuery['viewer']>;
  /** The page's path and query, for the menu's return links. */
  currentPath: string;
  /** New notifications; undefined until loaded (or when loading failed). */
  newCount: number | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The signed-in menu button with the new-notification count and dot, and its menu (docs/product.md §Shell). */
export function UserMenu({ viewer, currentPath, newCount, open, onOpenChange }: UserMenuProps) {
  const panelId = useId();
  // Once opened, the panel stays mounted (hidden when closed), as it always was before it loaded lazily.
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
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

      {opened && (
        <Part fallback={null}>
          <UserMenuPanel panelId={panelId} viewer={viewer} currentPath={currentPath} newCount={newCount} open={open} onOpenChange={onOpenChange} />
        </Part>
      )}
    </div>
  );
}
