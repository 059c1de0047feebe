import { useContext, useEffect, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { PreloadContext } from './Router';
import { useLocation, useNavigate } from './hooks';
import { pathOf, resolveTo, type NavigateOptions, type To } from './history';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>, NavigateOptions {
  to: To;
}

/** Whether a click should be left to the browser (a new tab or window, a download, another button). */
function leftToBrowser(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return event.defaultPrevented || event.button !== 0 || (!!target && target !== '_self') || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
}

/** An `<a>` whose plain left click navigates inside the app; anything else (new tab, …) is the browser's. */
export function Link({ to, replace, state, onClick, onPointerEnter, onFocus, onTouchStart, target, ...anchor }: LinkProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const preload = useContext(PreloadContext);
  const resolved = resolveTo(to, location);
  const href = pathOf(resolved);
  // The page's code starts loading when a click is likely: its chunk is not in the first load, and
  // the chunks it imports are only found once it has arrived (vite.config.ts, modulePreload).
  const preloadPage = () => {
    if (!target || target === '_self') preload?.(resolved.pathname);
  };
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (leftToBrowser(event, target)) return;
    event.preventDefault();
    // A link to where one already is replaces the entry instead of stacking a copy (as React Router did).
    navigate(to, { replace: replace ?? href === pathOf(location), state });
  };
  return (
    <a
      {...anchor}
      href={href}
      target={target}
      onClick={handleClick}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        preloadPage();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        preloadPage();
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event);
        preloadPage();
      }}
    />
  );
}

/** A Link marked `aria-current="page"` (and class `active`) while its page, or one under it unless `end`, is shown. */
export function NavLink({ end = false, className, ...props }: LinkProps & { end?: boolean }) {
  const { pathname } = useLocation();
  const target = resolveTo(props.to, { pathname, search: '' }).pathname.replace(/(.)\/$/, '$1').toLowerCase();
  const current = pathname.toLowerCase();
  const active = current === target || (!end && current.startsWith(target) && current.charAt(target.length) === '/');
  return <Link {...props} aria-current={active ? 'page' : undefined} className={[className, active ? 'active' : null].filter(Boolean).join(' ') || undefined} />;
}

/** Navigates as soon as it renders (a redirect). */
export function Navigate({ to, replace, state }: NavigateOptions & { to: To }) {
  const navigate = useNavigate();
  const target = typeof to === 'string' ? to : JSON.stringify(to);
  useEffect(() => {
    navigate(to, { replace, state });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per target, not per render's new object
  }, [navigate, target, replace, state]);
  return null;
}
