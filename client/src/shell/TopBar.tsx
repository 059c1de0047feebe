import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { Link, NavLink, useLocation } from 'react-router';
import { ViewerDocument } from '../gql/graphql';
import { PRODUCT_NAME } from './brand';
import { isSignInOrSignUpPath, signInHref } from './returnTo';
import { useHideOnScroll } from './useHideOnScroll';
import { useNewNotificationCount } from './useNewNotificationCount';
import { UserMenu } from './UserMenu';
import { ViewerAvatar } from './ViewerAvatar';

const mainLinks = [
  { to: '/explore', label: 'Explore' },
  { to: '/creators', label: 'Creators' },
  // Spec 2.3: Teams is not in the bar on small screens (it moves into the user menu).
  { to: '/teams', label: 'Teams', className: 'hide-below-md' },
  { to: '/jobs', label: 'Jobs' },
];

/** The fixed top bar (spec 2.3). */
export function TopBar() {
  const { pathname, search } = useLocation();
  const { data, loading } = useQuery(ViewerDocument);
  const viewer = data?.viewer ?? null;
  const newCount = useNewNotificationCount(viewer !== null);
  const [menuOpen, setMenuOpen] = useState(false);
  const hidden = useHideOnScroll(menuOpen);

  // Spec 2.3: the search/track box is hidden on the home page for signed-out visitors.
  const showSearch = !(pathname === '/' && viewer === null);

  return (
    <header role="banner" className={hidden ? 'topbar topbar--hidden' : 'topbar'}>
      <div className="topbar__inner">
        <Link to="/" className="topbar__logo">
          {PRODUCT_NAME}
        </Link>

        {/* The posts work mounts the global search and track box here (spec 4.1). */}
        <div
          className="topbar__search"
          role="search"
          aria-label="Search or paste a link to track"
          data-slot="search-track"
          hidden={!showSearch}
        />

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
              <Link
                to={viewer.username ? `/${viewer.username}` : '/profile'}
                className="topbar__avatar"
                aria-label="Your profile"
              >
                <ViewerAvatar name={viewer.name ?? viewer.username} avatarUrl={viewer.avatarUrl} />
              </Link>
              <UserMenu viewer={viewer} newCount={newCount} open={menuOpen} onOpenChange={setMenuOpen} />
            </>
          ) : isSignInOrSignUpPath(pathname) ? null : (
            <Link to={signInHref(pathname + search)} className="button button--primary">
              Sign In
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
