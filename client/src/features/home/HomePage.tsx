import { Skeleton } from '@ui/Skeleton';
import { useQuery } from '@apollo/client/react';
import { ViewerDocument } from '@gql/graphql';
import { DashboardPage } from './DashboardPage';
import { LandingPage } from './LandingPage';
import './home.css';

/** `/`: the landing page for visitors, the dashboard once signed in. */
export default function HomePage() {
  const { data, loading } = useQuery(ViewerDocument);
  if (loading && !data) return <Skeleton shape="card" lines={3} label="Loading…" />;
  return data?.viewer ? <DashboardPage /> : <LandingPage />;
}
