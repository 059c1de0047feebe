import { useApolloClient, useQuery } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from '@router';
import { CREDIT_ROLES, creditRoleById } from '@domain/credit-roles';
import { formatCount } from '@domain/format';
import { JobApplicationsDocument, type ApplicationRowFragment, type JobApplicationOrderField, type JobDetailsFragment } from '@gql/graphql';
import { DataTable, type DataTableColumn, type DataTableSort } from '@ui/DataTable';
import { DateText } from '@ui/DateText';
import { Select } from '@ui/Select';
import { TextField } from '@ui/TextField';
import { useDebouncedValue } from '@ui/useDebouncedValue';
import { useMorePages } from '@ui/useMorePages';
import { globalId, namedRole, withParam, withoutParams } from '@ui/urlFilters';
import { ApplicationDialog } from './ApplicationDialog';
import { APPLICATIONS_FILTER_PARAMETERS, APPLICATIONS_PARAMETERS as P, readApplicationsParams, sortParams, STAGE_CHOICES } from './applicationsParams';
import { jobRefusal, STAGE_LABELS } from './jobLabels';

const PAGE_SIZE = 50;
type SortKey = JobApplicationOrderField;

const STAGE_FILTERS = STAGE_CHOICES.map(({ value, statuses }) => ({ value, label: value === '' ? 'Every stage' : value === 'undecided' ? 'Undecided' : STAGE_LABELS[statuses![0]!] }));
const ROLE_FILTERS = [{ value: '', label: 'Any role' }, ...CREDIT_ROLES.map((role) => ({ value: String(role.id), label: `${role.emoji} ${role.name}` }))];

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
  const [params, setParams] = useSearchParams();
  const { stage, statuses, role, place, sort } = readApplicationsParams(params);
  // The place is typed: the address (and the table) follow once typing pauses, replacing the entry rather than adding one per key.
  const [placeText, setPlaceText] = useState(place);
  const typedPlace = useDebouncedValue(placeText.trim(), 300);
  /** The place last typed (or last read from the address): only a new one is written. */
  const lastPlace = useRef(place);
  useEffect(() => {
    // The address changed by itself (back, a shared link, Clear filters): the box follows it.
    if (place !== lastPlace.current) {
      lastPlace.current = place;
      setPlaceText(place);
    }
  }, [place]);
  useEffect(() => {
    if (typedPlace === lastPlace.current) return;
    lastPlace.current = typedPlace;
    setParams(withParam(params, P.place, typedPlace || null), { replace: true });
  }, [typedPlace, params, setParams]);
  const [reviewing, setReviewing] = useState<string | null>(null);
  const setSort = (next: DataTableSort<SortKey>) => {
    const written = sortParams(next);
    setParams(withParam(withParam(params, P.sort, written.sort), P.direction, written.direction));
  };
  const variables = {
    jobId: job.id,
    first: PAGE_SIZE,
    orderBy: { field: sort.key, direction: sort.direction === 'ascending' ? ('ASC' as const) : ('DESC' as const) },
    statuses,
    roleId: role ? globalId('CreditRole', role.id) : null,
    location: place || null,
  };
  const { data, loading, error } = useQuery(JobApplicationsDocument, { variables, fetchPolicy: 'cache-and-network' });
  const connection = data?.node?.__typename === 'Job' ? (data.node.applications ?? undefined) : undefined;
  const { items: rows, hasNextPage, loadMore, loadingMore, sentinel } = useMorePages(JSON.stringify(variables), connection, async (after) => {
    const result = await client.query({ query: JobApplicationsDocument, variables: { ...variables, after } });
    return result.data?.node?.__typename === 'Job' ? (result.data.node.applications ?? undefined) : undefined;
  });
  const filtered = Boolean(stage || role || place);

  return (
    <section className="job__section" aria-labelledby="job-applications">
      <h2 id="job-applications" className="job__subheading">
        Applications{connection ? ` (${formatCount(connection.totalCount)})` : ''}
      </h2>
      <div className="job-applications__filters">
        <Select label="Stage" value={stage} options={STAGE_FILTERS} onChange={(value) => setParams(withParam(params, P.stage, value || null))} />
        <Select
          label="Role"
          value={role ? String(role.id) : ''}
          options={ROLE_FILTERS}
          onChange={(value) => {
            const picked = creditRoleById(Number(value));
            setParams(withParam(params, P.role, picked ? namedRole(picked) : null));
          }}
        />
        <TextField type="search" label="Location" placeholder="Any place" value={placeText} onChange={setPlaceText} />
        {filtered && (
          <button
            type="button"
            className="button button--outline button--small"
            onClick={() => setParams(withoutParams(params, APPLICATIONS_FILTER_PARAMETERS))}
          >
            Clear filters
          </button>
        )}
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
      {reviewing && <ApplicationDialog applicationId={reviewing} teamId={job.team?.id ?? null} job={{ id: job.id, name: job.name }} onClose={() => setReviewing(null)} />}
    </section>
  );
}
