import type { ReactNode } from 'react';
import { useQuery } from '@apollo/client/react';
import { Navigate, useLocation } from '@router';
import * as MESSAGES from '@domain/messages';
import { ViewerDocument } from '@gql/graphql';
import { RouteGuard } from '@ui/RouteGuard';
import { signedOutMayView, signUpRedirect, unfinishedSignUpMayView } from './access';
import { useRouteHandle } from './routeHandle';

/**
 * The global rule of docs/product.md §Access around every page: signed-out visitors go to /signup
 * (with returnTo) unless the page is public; signed-in users who have not acknowledged
 * the terms go there too, unless the page lets them stay. Public pages render at once,
 * without waiting for the session check.
 */
export function PageAccessGuard({ children }: { children: ReactNode }) {
  const handle = useRouteHandle();
  const { pathname, search } = useLocation();
  const { data, loading, error } = useQuery(ViewerDocument);

  const page = { pattern: handle?.path ?? '*', pathname };
  if (signedOutMayView(page)) return <>{children}</>;
  if (loading) return <div className="page" aria-busy="true" />;
  if (error && !data) {
    return (
      <div className="page">
        <p role="alert">{MESSAGES.unexpected}</p>
      </div>
    );
  }

  const viewer = data?.viewer ?? null;
  const signUp = signUpRedirect(pathname, search);
  return (
    <RouteGuard
      authenticated={viewer !== null}
      requireUser={!unfinishedSignUpMayView(page)}
      hasUser={viewer?.termsAcknowledged ?? false}
      fallback={<Navigate to={signUp} replace />}
      redirectTo={signUp}
    >
      {children}
    </RouteGuard>
  );
}
