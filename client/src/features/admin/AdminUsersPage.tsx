import { useQuery } from '@apollo/client/react';
import { Navigate } from 'react-router';
import { ViewerDocument } from '../../gql/graphql';
import { ComingSoonPage } from '../../ui/PageFrame';

/** Admin user tooling; everyone else gets the not-found page (spec 2.1, 6). */
export default function AdminUsersPage() {
  const { data, loading } = useQuery(ViewerDocument);
  if (loading) return <div className="page" aria-busy="true" />;
  if (!data?.viewer?.isAdmin) return <Navigate to="/404" replace />;
  return (
    <ComingSoonPage
      heading="Admin users"
      purpose="Administrator tooling for user accounts, including acting as another user."
    />
  );
}
