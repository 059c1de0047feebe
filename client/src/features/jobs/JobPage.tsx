import { skipToken, useQuery } from '@apollo/client/react';
import { lazy, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from '@router';
import { parseJobAddress } from '@domain/jobs';
import * as MESSAGES from '@domain/messages';
import { JobPageDocument, ViewerDocument, type JobDetailsFragment } from '@gql/graphql';
import { UpgradePrompt } from '@features/plans';
import { usePageHead } from '@shell/PageHeadContext';
import { DateText } from '@ui/DateText';
import { Part } from '@ui/Part';
import { Skeleton } from '@ui/Skeleton';
import { ApplicationsSection } from './ApplicationsSection';
import { ApplySection } from './ApplySection';
import { PlainText } from './JobDescription';
import { JobFormModal } from './JobFormModal';
import { companyName, dayText, JOB_STATUS_LABELS, payText, whereText } from './jobLabels';
import './jobs.css';

// Only a missing or hidden job shows it, so a job's first load does not carry it.
const NotFoundPage = lazy(() => import('@shell/NotFoundPage'));

function Loading() {
  return (
    <section className="page" aria-busy="true">
      <Skeleton shape="card" lines={3} label="Loading job…" />
    </section>
  );
}

function NotFound() {
  return (
    <Part fallback={<Loading />}>
      <NotFoundPage />
    </Part>
  );
}

function JobFacts({ job }: { job: JobDetailsFragment }) {
  const pay = payText(job);
  const username = job.account.username;
  return (
    <dl className="job__facts">
      <div>
        <dt>Company</dt>
        <dd>
          {username ? <Link to={`/${encodeURIComponent(username)}`}>{companyName(job.account)}</Link> : companyName(job.account)}
          {username && (
            <>
              {' · '}
              <Link to={`/${encodeURIComponent(username)}/jobs`}>All its jobs</Link>
            </>
          )}
        </dd>
      </div>
      <div>
        <dt>Where</dt>
        <dd>{whereText(job)}</dd>
      </div>
      {pay && (
        <div>
          <dt>Pay</dt>
          <dd>{pay}</dd>
        </div>
      )}
      <div>
        <dt>Roles wanted</dt>
        <dd>{job.roles.map((role) => `${role.emoji} ${role.name}`).join(', ')}</dd>
      </div>
      {job.deadline && (
        <div>
          <dt>Apply by</dt>
          <dd>{dayText(job.deadline)}</dd>
        </div>
      )}
      {job.publishedAt && (
        <div>
          <dt>Posted</dt>
          <dd>
            <DateText iso={job.publishedAt} />
          </dd>
        </div>
      )}
    </dl>
  );
}

function JobView({ job }: { job: JobDetailsFragment }) {
  usePageHead({ title: `${job.name} at ${companyName(job.account)}`, description: `${companyName(job.account)} is hiring: ${job.roles.map((role) => role.name).join(', ')}. ${whereText(job)}.` });
  const signedIn = Boolean(useQuery(ViewerDocument).data?.viewer);
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [upgradeTeam, setUpgradeTeam] = useState<number | null>(null);
  return (
    <article className="page job" aria-labelledby="job-name">
      <div className="job__header">
        <h1 id="job-name" className="job__name">
          {job.name}
        </h1>
        <p className="job__status-line">
          <span className={`job-status job-status--${job.status.toLowerCase()}`}>{JOB_STATUS_LABELS[job.status]}</span>
          {job.viewerCan.edit && (
            <button type="button" className="button button--outline button--small" onClick={() => setEditing(true)}>
              Edit job
            </button>
          )}
        </p>
      </div>
      {job.status === 'CLOSED' && (
        <p className="job__closed" role="note">
          This job is closed{job.closedAt ? <> since <DateText iso={job.closedAt} /></> : null} and is not taking applications.
        </p>
      )}
      {job.status === 'DRAFT' && (
        <p className="job__closed" role="note">
          A draft: only your team sees it until it is opened.
        </p>
      )}
      <JobFacts job={job} />
      {job.description && (
        <section className="job__section" aria-labelledby="job-description">
          <h2 id="job-description" className="job__subheading">
            About the job
          </h2>
          <PlainText text={job.description} />
        </section>
      )}
      <ApplySection job={job} signedIn={signedIn} />
      {job.viewerCan.seeApplications && <ApplicationsSection job={job} />}
      {editing && (
        <JobFormModal
          target={{ kind: 'edit', job }}
          onClose={() => setEditing(false)}
          onSaved={(saved) => {
            setEditing(false);
            // A new title is a new address: move there, as the server would redirect the old one.
            if (saved.path !== job.path) navigate(saved.path, { replace: true });
          }}
          onNeedsSubscription={(teamNumber) => {
            setEditing(false);
            setUpgradeTeam(teamNumber);
          }}
        />
      )}
      <UpgradePrompt open={upgradeTeam !== null} onClose={() => setUpgradeTeam(null)} type="Teams" teamId={String(upgradeTeam ?? '')} />
    </article>
  );
}

/**
 * /jobs/{publicId}~{accountSlug}-{nameSlug} (docs/product.md §Jobs): an old or wrong slug moves to
 * the current address (the server answers 301 first; this covers moves within the app), and an
 * unknown job, or a draft outside its team, is the not-found page.
 */
export default function JobPage() {
  const { jobSlug } = useParams<'jobSlug'>();
  const address = parseJobAddress(jobSlug ?? '');
  const { data, loading, error } = useQuery(JobPageDocument, address ? { variables: address } : skipToken);
  if (!address) return <NotFound />;
  if (loading && !data) return <Loading />;
  if (error || !data) {
    return (
      <section className="page">
        <p role="alert">{MESSAGES.unexpected}</p>
      </section>
    );
  }
  const found = data.jobByAddress;
  if (!found) return <NotFound />;
  if (!found.slugIsCurrent) return <Navigate to={found.canonicalPath} replace />;
  return <JobView job={found.job} />;
}
