import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Part } from '@ui/Part';
import { preloadable } from '@ui/preloadable';
import { useWhenIdle } from '@ui/useWhenIdle';
import { useLocation } from '@router';
import type { ViewerQuery } from '@gql/graphql';
import { usePopoverDismiss } from '@ui/usePopoverDismiss';
import './user-menu.css';

// The menu's items and actions (billing portal, upgrade prompt, masquerade) are not in the page's
// first load: the button and its count are on every signed-in page. Their code loads once the page
// is idle, or when the pointer or focus reaches the button, and the panel is then mounted hidden,
// so a click only shows it (docs/product.md §Performance, §Accessibility).
const menuPanel = preloadable(() => import('./UserMenuPanel'));

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
  // Mounted (hidden while closed) once its code is here or it is opened, and kept mounted after,
  // so a dialog one of its items opened outlives the menu closing.
  const [mounted, setMounted] = useState(false);
  if (open && !mounted) setMounted(true);
  const mountWhenLoaded = useCallback(() => {
    menuPanel.preload().then(
      () => setMounted(true),
      () => undefined, // the first opening tries again, and shows what failed
    );
  }, []);
  useWhenIdle(mountWhenLoaded, !mounted);
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
        onPointerEnter={mountWhenLoaded}
        onFocus={mountWhenLoaded}
        onPointerDown={mountWhenLoaded}
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

      {mounted && (
        <Part fallback={null}>
          <menuPanel.Component panelId={panelId} viewer={viewer} currentPath={currentPath} newCount={newCount} open={open} onOpenChange={onOpenChange} />
        </Part>
      )}
    </div>
  );
}
