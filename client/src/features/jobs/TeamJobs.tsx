import { useQuery } from '@apollo/client/react';
import { Link } from '@router';
import { TeamJobsDocument } from '@gql/graphql';
import { JobList } from './JobList';
import './jobs.css';

/** Enough for a team's page; the newest come first. */
const TEAM_JOBS = 50;

/**
 * A team's jobs on its page (docs/product.md §Jobs), drafts included, with "Post a job" for its
 * managers, as projects are started from the team.
 */
export function TeamJobs({ teamId, manage }: { teamId: string; manage: boolean }) {
  const { data } = useQuery(TeamJobsDocument, { variables: { teamId, first: TEAM_JOBS }, fetchPolicy: 'cache-and-network' });
  const jobs = data?.node?.__typename === 'Team' ? data.node.jobs.nodes : [];
  return (
    <section className="job__section" aria-labelledby="team-jobs">
      <h2 id="team-jobs" className="job__subheading">
        Jobs
      </h2>
      {manage && (
        <p className="jobs__toolbar">
          <Link className="button button--outline" to={`/jobs?${new URLSearchParams({ new: '1', team: teamId }).toString()}`}>
            Post a job
          </Link>
        </p>
      )}
      {data && jobs.length === 0 && <p className="job-row__meta">No jobs yet.</p>}
      {jobs.length > 0 && <JobList jobs={jobs} label="The team’s jobs" showStatus />}
    </section>
  );
}
