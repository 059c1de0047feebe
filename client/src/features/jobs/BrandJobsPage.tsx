import { useApolloClient, useQuery } from '@apollo/client/react';
import { lazy } from 'react';
import { Link, useParams } from '@router';
import { BrandJobsDocument } from '@gql/graphql';
import { EmptyState } from '@ui/EmptyState';
import { PageFrame } from '@ui/PageFrame';
import { Part } from '@ui/Part';
import { Skeleton } from '@ui/Skeleton';
import { useMorePages } from '@ui/useMorePages';
import { companyName, jobRefusal } from './jobLabels';
import { JobList } from './JobList';
import './jobs.css';

const NotFoundPage = lazy(() => import('@shell/NotFoundPage'));
const PAGE_SIZE = 20;

/** /{brand}/jobs (docs/product.md §Jobs): one company's open jobs, newest first; an unknown username is not found. */
export default function BrandJobsPage() {
  const client = useApolloClient();
  const username = useParams<'username'>().username ?? '';
  const variables = { username, first: PAGE_SIZE };
  const { data, loading, error } = useQuery(BrandJobsDocument, { variables, fetchPolicy: 'cache-and-network' });
  const { items: jobs, hasNextPage, loadMore, loadingMore, sentinel } = useMorePages(JSON.stringify(variables), data?.brandJobs ?? undefined, async (after) => {
    const result = await client.query({ query: BrandJobsDocument, variables: { ...variables, after } });
    return result.data?.brandJobs ?? undefined;
  });
  if (data && data.brandJobs === null) {
    return (
      <Part fallback={<Skeleton lines={2} label="Loading…" />}>
        <NotFoundPage />
      </Part>
    );
  }
  const company = jobs[0] ? companyName(jobs[0].account) : `@${username}`;
  return (
    <PageFrame heading={`Jobs at ${company}`} purpose={`The open jobs ${company} is hiring for on Byline.`}>
      <p className="jobs__toolbar">
        <Link to={`/${encodeURIComponent(username)}`}>{company}’s profile</Link>
        {' · '}
        <Link to="/jobs">Every open job</Link>
      </p>
      {error && <p role="alert">{jobRefusal(error).message}</p>}
      {!data && loading && <Skeleton shape="card" lines={3} label="Loading jobs…" />}
      {data && jobs.length === 0 && <EmptyState title="No open jobs right now." />}
      {jobs.length > 0 && <JobList jobs={jobs} label={`Jobs at ${company}`} />}
      <div ref={sentinel} className="jobs__sentinel" />
      {hasNextPage && (
        <button type="button" className="button button--outline" disabled={loadingMore} onClick={() => void loadMore()}>
          {loadingMore ? 'Loading…' : 'More jobs'}
        </button>
      )}
    </PageFrame>
  );
}
