import { useApolloClient, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link } from '@router';
import { CREDIT_ROLES } from '@domain/credit-roles';
import { formatCount } from '@domain/format';
import { JobApplicationsDocument, type ApplicationRowFragment, type JobApplicationOrderField, type JobApplicationStatus, type JobDetailsFragment } from '@gql/graphql';
import { DataTable, type DataTableColumn, type DataTableSort } from '@ui/DataTable';
import { DateText } from '@ui/DateText';
import { Select } from '@ui/Select';
import { TextField } from '@ui/TextField';
import { useDebouncedValue } from '@ui/useDebouncedValue';
import { useMorePages } from '@ui/useMorePages';
import { ApplicationDialog } from './ApplicationDialog';
import { jobRefusal, STAGE_LABELS } from './jobLabels';

const PAGE_SIZE = 50;
type SortKey = JobApplicationOrderField;

const STAGE_FILTERS: ReadonlyArray<{ value: string; label: string; statuses: JobApplicationStatus[] | null }> = [
  { value: '', label: 'Every stage', statuses: null },
  { value: 'undecided', label: 'Undecided', statuses: ['NEW', 'SHORTLISTED', 'INTERVIEWING'] },
  ...(['NEW', 'SHORTLISTED', 'INTERVIEWING', 'HIRED', 'DECLINED', 'WITHDRAWN'] as const).map((status) => ({ value: status, label: STAGE_LABELS[status], statuses: [status] })),
];
const ROLE_FILTERS = [{ value: '', label: 'Any role' }, ...CREDIT_ROLES.map((role) => ({ value: btoa(`CreditRole:${role.id}`), label: `${role.emoji} ${role.name}` }))];

function applicantName(row: ApplicationRowFragment): string {
  return row.applicant.name ?? (row.applicant.username ? `@${row.applicant.username}` : 'An applicant');
}

function columns(onReview: (row: ApplicationRowFragment) => void): ReadonlyArray<DataTableColumn<ApplicationRowFragment, SortKey>> {
  const count = (pick: (row: ApplicationRowFragment) => number | undefined) => (row: ApplicationRowFragment) => formatCount(pick(row) ?? 0);
  return [
    { id: 'applicant', header: 'Applicant', rowHeader: true, cell: (row) => (row.applicant.username ? <Link to={`/${encodeURIComponent(row.applicant.username)}`}>{applicantName(row)}</Link> : applicantName(row)) },
    { id: 'stage', header: 'Stage', cell: (row) => <span className={`job-stage job-stage--${row.status.toLowerCase()}`}>{STAGE_LABELS[row.status]}</span> },
    { id: 'applied', header: 'Applied', sortKey: 'APPLIED_AT', firstDirection: 'descending', cell: (row) => <DateText iso={row.createdAt} /> },
    { id: 'followers', header: 'Followers', sortKey: 'FOLLOWERS', firstDirection: 'descending', align: 'end', cell: count((row) => row.sourcing?.followers) },
    { id: 'location', header: 'Location', cell: (row) => row.sourcing?.location ?? '—' },
    { id: 'role', header: 'Role', cell: (row) => (row.sourcing?.topRole ? `${row.sourcing.topRole.emoji} ${row.sourcing.topRole.name}` : '—') },
    { id: 'projects', header: 'Projects', sortKey: 'PROJECTS', firstDirection: 'descending', align: 'end', cell: count((row) => row.sourcing?.projects) },
    { id: 'collaborators', header: 'Collaborators', sortKey: 'COLLABORATORS', firstDirection: 'descending', align: 'end', cell: count((row) => row.sourcing?.collaborators) },
    { id: 'comments', header: 'Comments', sortKey: 'COMMENTS', firstDirection: 'descending', align: 'end', cell: count((row) => row.sourcing?.commentCount) },
    {
      id: 'review',
      header: 'Actions',
      headerHidden: true,
      cell: (row) => (
        <button type="button" className="button button--outline button--small" onClick={() => onReview(row)} aria-label={`Review ${applicantName(row)}`}>
          Review
        </button>
      ),
    },
  ];
}

/**
 * The applicants table for the hiring team (docs/product.md §Jobs): the creator board's sourcing
 * columns, sorted and filtered by the server (the list is paged), each applicant opened to read
 * their message and posts, move their stage and comment.
 */
export function ApplicationsSection({ job }: { job: JobDetailsFragment }) {
  const client = useApolloClient();
  const [sort, setSort] = useState<DataTableSort<SortKey>>({ key: 'APPLIED_AT', direction: 'descending' });
  const [stage, setStage] = useState('');
  const [roleId, setRoleId] = useState('');
  const [locationText, setLocationText] = useState('');
  const location = useDebouncedValue(locationText.trim(), 300);
  const [reviewing, setReviewing] = useState<string | null>(null);
  const variables = {
    jobId: job.id,
    first: PAGE_SIZE,
    orderBy: { field: sort.key, direction: sort.direction === 'ascending' ? ('ASC' as const) : ('DESC' as const) },
    statuses: STAGE_FILTERS.find((option) => option.value === stage)?.statuses ?? null,
    roleId: roleId || null,
    location: location || null,
  };
  const { data, loading, error } = useQuery(JobApplicationsDocument, { variables, fetchPolicy: 'cache-and-network' });
  const connection = data?.node?.__typename === 'Job' ? (data.node.applications ?? undefined) : undefined;
  const { items: rows, hasNextPage, loadMore, loadingMore, sentinel } = useMorePages(JSON.stringify(variables), connection, async (after) => {
    const result = await client.query({ query: JobApplicationsDocument, variables: { ...variables, after } });
    return result.data?.node?.__typename === 'Job' ? (result.data.node.applications ?? undefined) : undefined;
  });
  const filtered = Boolean(stage || roleId || location);

  return (
    <section className="job__section" aria-labelledby="job-applications">
      <h2 id="job-applications" className="job__subheading">
        Applications{connection ? ` (${formatCount(connection.totalCount)})` : ''}
      </h2>
      <div className="job-applications__filters">
        <Select label="Stage" value={stage} options={STAGE_FILTERS.map(({ value, label }) => ({ value, label }))} onChange={setStage} />
        <Select label="Role" value={roleId} options={ROLE_FILTERS} onChange={setRoleId} />
        <TextField type="search" label="Location" placeholder="Any place" value={locationText} onChange={setLocationText} />
      </div>
      {error && <p role="alert">{jobRefusal(error).message}</p>}
      <DataTable
        caption={`Applicants to ${job.name}`}
        captionHidden
        columns={columns((row) => setReviewing(row.id))}
        rows={rows}
        rowKey={(row) => row.id}
        sort={sort}
        onSortChange={setSort}
        loading={loading && !connection}
        empty={filtered ? 'No applicant matches these filters.' : 'No applications yet.'}
        testId="job-applications"
      />
      <div ref={sentinel} />
      {hasNextPage && (
        <button type="button" className="button button--outline" disabled={loadingMore} onClick={() => void loadMore()}>
          {loadingMore ? 'Loading…' : 'More applicants'}
        </button>
      )}
      {reviewing && <ApplicationDialog applicationId={reviewing} teamId={job.team?.id ?? null} onClose={() => setReviewing(null)} />}
    </section>
  );
}
