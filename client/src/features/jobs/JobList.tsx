import { Link } from '@router';
import type { JobSummaryFragment } from '@gql/graphql';
import { Avatar } from '@ui/Avatar';
import { DateText } from '@ui/DateText';
import { companyName, dayText, JOB_STATUS_LABELS, payText, whereText } from './jobLabels';

/** One job in a list: its title (the link to its page), company, place, pay and roles. */
export function JobRow({ job, showStatus = false }: { job: JobSummaryFragment; showStatus?: boolean }) {
  const pay = payText(job);
  return (
    <li className="job-row">
      <Avatar name={companyName(job.account)} avatarUrl={job.account.avatarUrl ?? null} />
      <div className="job-row__body">
        <Link to={job.path} className="job-row__name">
          {job.name}
        </Link>
        <span className="job-row__meta">
          {[companyName(job.account), whereText(job), pay].filter(Boolean).join(' · ')}
        </span>
        <span className="job-row__meta">
          {job.roles.map((role) => `${role.emoji} ${role.name}`).join(', ')}
          {job.publishedAt && (
            <>
              {' · Posted '}
              <DateText iso={job.publishedAt} />
            </>
          )}
          {job.deadline && <> · Apply by {dayText(job.deadline)}</>}
        </span>
      </div>
      {showStatus && <span className={`job-status job-status--${job.status.toLowerCase()}`}>{JOB_STATUS_LABELS[job.status]}</span>}
    </li>
  );
}

export function JobList({ jobs, label, showStatus }: { jobs: readonly JobSummaryFragment[]; label: string; showStatus?: boolean }) {
  return (
    <ul className="job-list" aria-label={label}>
      {jobs.map((job) => (
        <JobRow key={job.id} job={job} showStatus={showStatus} />
      ))}
    </ul>
  );
}
