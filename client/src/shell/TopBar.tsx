import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { Link, NavLink, useLocation } from '@router';
import { TRACK_BOX_LABEL, TrackBox } from '@features/track';
import { ViewerDocument } from '@gql/graphql';
import { trackSignInClick } from './analytics';
import { PRODUCT_NAME } from './brand';
import { isSignInOrSignUpPath, signInHref } from './returnTo';
import { useHideOnScroll } from './useHideOnScroll';
import { useLiveCounts } from './useNewNotificationCount';
import { UserMenu } from './UserMenu';
import { Avatar } from '@ui/Avatar';
import './top-bar.css';

const mainLinks = [
  { to: '/explore', label: 'Explore' },
  { to: '/creators', label: 'Creators' },
  // docs/product.md §Shell: Teams is not in the bar on small screens (it moves into the user menu).
  { to: '/teams', label: 'Teams', className: 'hide-below-md' },
  { to: '/jobs', label: 'Jobs' },
];

/** The fixed top bar (docs/product.md §Shell). */
export function TopBar() {
  const { pathname, search, key: locationKey } = useLocation();
  const { data, loading } = useQuery(ViewerDocument);
  const viewer = data?.viewer ?? null;
  const counts = useLiveCounts(viewer !== null);
  const newCount = counts?.new;
  const unreadConversations = counts?.unreadConversations;
  const [menuOpen, setMenuOpen] = useState(false);
  const isMasquerading = viewer?.isMasquerading ?? false;

  // Small screens: the box lives in a popup behind a search icon. The popup belongs to the
  // page it was opened on, so any navigation closes it.
  const [searchOpenedAt, setSearchOpenedAt] = useState<string | null>(null);
  const searchOpen = searchOpenedAt === locationKey;
  const searchId = useId();
  const searchInputRef = useRef<HTMLInputElement>(null);
  const searchToggleRef = useRef<HTMLButtonElement>(null);
  const hidden = useHideOnScroll(menuOpen || searchOpen);

  useEffect(() => {
    if (searchOpen) searchInputRef.current?.focus();
  }, [searchOpen]);

  const closeSearch = () => {
    setSearchOpenedAt(null);
    searchToggleRef.current?.focus();
  };

  // docs/product.md §Shell: the search/track box is hidden on the home page for signed-out visitors.
  const showSearch = !(pathname === '/' && viewer === null);

  return (
    <header
      role="banner"
      className={['topbar', hidden && 'topbar--hidden', isMasquerading && 'topbar--masquerading'].filter(Boolean).join(' ')}
      data-masquerading={isMasquerading || undefined}
    >
      <div className="topbar__inner">
        <Link to="/" className="topbar__logo">
          {PRODUCT_NAME}
        </Link>

        {/* The global search and track box (docs/product.md §Search): inline on large screens, a popup on small ones. */}
        {showSearch && (
          <>
            <div
              id={searchId}
              className={searchOpen ? 'topbar__search topbar__search--open' : 'topbar__search'}
              role="search"
              aria-label={TRACK_BOX_LABEL}
              data-slot="search-track"
            >
              <TrackBox signedIn={viewer !== null} inputRef={searchInputRef} onEscape={searchOpen ? closeSearch : undefined} />
            </div>
            <button
              ref={searchToggleRef}
              type="button"
              className="topbar__search-toggle icon-button"
              aria-label="Search"
              aria-expanded={searchOpen}
              aria-controls={searchId}
              onClick={() => (searchOpen ? closeSearch() : setSearchOpenedAt(locationKey))}
            >
              <svg className="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
                <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </>
        )}

        <nav className="topbar__nav" aria-label="Main">
          <ul>
            {mainLinks.map((link) => (
              <li key={link.to} className={link.className}>
                <NavLink to={link.to}>{link.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="topbar__account">
          {loading ? null : viewer ? (
            <>
              {/* docs/product.md §Messages: the unread conversations beside the menu's notification count, live on the same subscription. */}
              <Link
                to="/messages"
                className="topbar__messages icon-button"
                aria-label={unreadConversations ? `Messages, ${unreadConversations} unread` : 'Messages'}
              >
                <svg className="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                  <path d="M4 5h16v11H8l-4 4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
                </svg>
                {unreadConversations !== undefined && unreadConversations > 0 && (
                  <span className="topbar__messages-count" data-testid="message-count">
                    {unreadConversations}
                  </span>
                )}
              </Link>
              {/* Named by its own (hidden) words; the initials beside them are a CSS glyph (ui/Avatar.tsx). */}
              <Link to={viewer.username ? `/${viewer.username}` : '/profile'} className="topbar__avatar">
                <Avatar name={viewer.name ?? viewer.username} avatarUrl={viewer.avatarUrl} />
                <span className="visually-hidden">Your profile</span>
              </Link>
              <UserMenu viewer={viewer} currentPath={pathname + search} newCount={newCount} open={menuOpen} onOpenChange={setMenuOpen} />
            </>
          ) : isSignInOrSignUpPath(pathname) ? null : (
            <Link to={signInHref(pathname + search)} className="button button--primary" onClick={trackSignInClick}>
              Sign In
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
