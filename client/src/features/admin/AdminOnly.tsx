import type { ReactNode } from 'react';
import { useQuery } from '@apollo/client/react';
import { ViewerDocument } from '@gql/graphql';
import { RouteGuard } from '@ui/RouteGuard';

/**
 * Admin pages (docs/product.md §Access): admins see them, everyone else is sent to /404 at once.
 * Signed-out visitors never get here: the shell sends them to sign up first.
 */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { data, loading } = useQuery(ViewerDocument);
  if (loading) return <div className="page" aria-busy="true" />;
  const viewer = data?.viewer ?? null;
  return (
    <RouteGuard
      authenticated={viewer !== null}
      requireUser
      hasUser={viewer?.viewerCan.seeAdmin ?? false}
      fallback={null}
      redirectTo="/404"
    >
      {children}
    </RouteGuard>
  );
}
