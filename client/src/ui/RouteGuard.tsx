import { useEffect, type ReactNode } from 'react';
import { useNavigate } from '@router';
import { ROUTE_GUARD_REDIRECT_MS } from '@domain/constants';

interface RouteGuardProps {
  /** Whether the session check found a signed-in visitor. */
  authenticated: boolean;
  /** Whether the page also needs a user record (a finished account, an admin, …). */
  requireUser?: boolean;
  /** Whether that user record exists. */
  hasUser?: boolean;
  /** Shown instead of the content when the visitor is not authenticated. */
  fallback: ReactNode;
  /** Where an authenticated visitor without the user record is sent. */
  redirectTo: string;
  /** Shown for 3 s before that redirect; without it the redirect is immediate. */
  message?: string;
  children: ReactNode;
}

/**
 * docs/product.md §Shell: content shows only when authenticated and, if a user record is required,
 * when it exists; otherwise the fallback shows. Authenticated without the user record: the message
 * shows and the redirect follows after 3 s, or without a message at once.
 */
export function RouteGuard({ authenticated, requireUser = false, hasUser = true, fallback, redirectTo, message, children }: RouteGuardProps) {
  if (!authenticated) return <>{fallback}</>;
  if (requireUser && !hasUser) return <GuardRedirect to={redirectTo} message={message} />;
  return <>{children}</>;
}

function GuardRedirect({ to, message }: { to: string; message?: string }) {
  const navigate = useNavigate();

  useEffect(() => {
    if (message === undefined) {
      void navigate(to, { replace: true });
      return;
    }
    const timer = window.setTimeout(() => void navigate(to, { replace: true }), ROUTE_GUARD_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, to, message]);

  if (message === undefined) return null;
  return (
    <div className="page">
      <p className="notice" role="status">
        {message}
      </p>
    </div>
  );
}
