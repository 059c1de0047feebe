import { useApolloClient, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from '@router';
import { JobsListDocument } from '@gql/graphql';
import { UpgradePrompt } from '@features/plans';
import { EmptyState } from '@ui/EmptyState';
import { FilterBar } from '@ui/FilterBar';
import { PageFrame } from '@ui/PageFrame';
import { Skeleton } from '@ui/Skeleton';
import { useMorePages } from '@ui/useMorePages';
import { withParam, withoutParams } from '@ui/urlFilters';
import { jobFilters } from './jobFilters';
import { JobFormModal } from './JobFormModal';
import { jobRefusal } from './jobLabels';
import { JobList } from './JobList';
import { JOBS_FILTER_PARAMETERS, readJobsParams } from './jobsParams';
import { usePostingTeams } from './postingTeams';
import './jobs.css';

const PAGE_SIZE = 20;

/**
 * /jobs (docs/product.md §Jobs): open jobs, newest first. Role, place and radius, remote and
 * posted-within live in the address, so a search can be shared and the back button steps through
 * changes; more load as the list scrolls. A team manager posts from here (`?new=1&team=…`, the
 * team page's "Post a job").
 */
export default function JobsPage() {
  const client = useApolloClient();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const state = readJobsParams(params);
  const variables = { first: PAGE_SIZE, ...state.variables };
  const { data, loading, error } = useQuery(JobsListDocument, { variables, fetchPolicy: 'cache-and-network' });
  const { items: jobs, hasNextPage, loadMore, loadingMore, sentinel } = useMorePages(JSON.stringify(variables), data?.jobs, async (after) => {
    const result = await client.query({ query: JobsListDocument, variables: { ...variables, after } });
    return result.data?.jobs;
  });
  const posting = usePostingTeams();
  const [formOpen, setPostingOpen] = useState(params.get('new') === '1');
  const [upgradeTeam, setUpgradeTeam] = useState<number | null>(null);
  const filtered = JOBS_FILTER_PARAMETERS.some((parameter) => params.has(parameter));

  const closeForm = () => {
    setPostingOpen(false);
    if (params.has('new')) setParams(withParam(withParam(params, 'new', null), 'team', null), { replace: true });
  };

  return (
    <PageFrame heading="Jobs" purpose="Work brands and teams are hiring for: apply with the posts your credits prove you made.">
      {posting.teams.length > 0 && (
        <div className="jobs__toolbar">
          <button type="button" className="button button--primary" onClick={() => setPostingOpen(true)}>
            Post a job
          </button>
        </div>
      )}
      <FilterBar label="Filters" filters={jobFilters(state, params, setParams)} onClearAll={() => setParams(withoutParams(params, JOBS_FILTER_PARAMETERS))} />
      {error && <p role="alert">{jobRefusal(error).message}</p>}
      {!data && loading && <Skeleton shape="card" lines={3} label="Loading jobs…" />}
      {data && jobs.length === 0 && (
        // A status: a change of filters that leaves nothing is news to a screen reader.
        <div role="status">
          <EmptyState title={filtered ? 'No open job matches these filters.' : 'No open jobs yet.'}>{filtered ? 'Try another role, place or time.' : 'Jobs that teams post appear here.'}</EmptyState>
        </div>
      )}
      {jobs.length > 0 && <JobList jobs={jobs} label="Jobs" />}
      <div ref={sentinel} className="jobs__sentinel" />
      {hasNextPage && (
        <button type="button" className="button button--outline" disabled={loadingMore} onClick={() => void loadMore()}>
          {loadingMore ? 'Loading…' : 'More jobs'}
        </button>
      )}
      {formOpen && posting.teams.length > 0 && (
        <JobFormModal
          target={{ kind: 'create', teams: posting.teams, initialTeamId: params.get('team') ?? posting.currentTeamId }}
          onClose={closeForm}
          onSaved={(job) => navigate(job.path)}
          onNeedsSubscription={(teamNumber) => {
            closeForm();
            setUpgradeTeam(teamNumber);
          }}
        />
      )}
      <UpgradePrompt open={upgradeTeam !== null} onClose={() => setUpgradeTeam(null)} type="Teams" teamId={String(upgradeTeam ?? '')} />
    </PageFrame>
  );
}
