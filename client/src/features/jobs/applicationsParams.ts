import type { CreditRole } from '@domain/credit-roles';
import type { JobApplicationOrderField, JobApplicationStatus } from '@gql/graphql';
import type { DataTableSort } from '@ui/DataTable';
import { readRoles } from '@ui/urlFilters';

/**
 * A job's applicants table keeps its sort and filters in the address, as /creators and /jobs do
 * (docs/product.md §Jobs), so a teammate can be sent the same view: `stage`, `role`
 * (`{name}~{id}`), `place` (text in the applicant's location), `sort` and `direction`.
 */
export const APPLICATIONS_PARAMETERS = { stage: 'stage', role: 'role', place: 'place', sort: 'sort', direction: 'direction' } as const;

export const APPLICATIONS_FILTER_PARAMETERS = [APPLICATIONS_PARAMETERS.stage, APPLICATIONS_PARAMETERS.role, APPLICATIONS_PARAMETERS.place] as const;

const STAGES = ['NEW', 'SHORTLISTED', 'INTERVIEWING', 'HIRED', 'DECLINED', 'WITHDRAWN'] as const satisfies readonly JobApplicationStatus[];

/** The stage filter's choices: every stage, the undecided ones together, or one; written lowercase in the address. */
export const STAGE_CHOICES: ReadonlyArray<{ value: string; statuses: JobApplicationStatus[] | null }> = [
  { value: '', statuses: null },
  { value: 'undecided', statuses: ['NEW', 'SHORTLISTED', 'INTERVIEWING'] },
  ...STAGES.map((status) => ({ value: status.toLowerCase(), statuses: [status] })),
];

const SORT_FIELDS: Readonly<Record<string, JobApplicationOrderField>> = {
  applied: 'APPLIED_AT',
  followers: 'FOLLOWERS',
  projects: 'PROJECTS',
  collaborators: 'COLLABORATORS',
  comments: 'COMMENTS',
};

/** Newest applications first unless the address says otherwise. */
export const DEFAULT_APPLICATIONS_SORT: DataTableSort<JobApplicationOrderField> = { key: 'APPLIED_AT', direction: 'descending' };

export interface ApplicationsState {
  stage: string;
  statuses: JobApplicationStatus[] | null;
  role: CreditRole | null;
  place: string;
  sort: DataTableSort<JobApplicationOrderField>;
}

/** The address's table settings; an unknown value reads as no filter (or the default sort) rather than an error. */
export function readApplicationsParams(params: URLSearchParams): ApplicationsState {
  const P = APPLICATIONS_PARAMETERS;
  const stage = STAGE_CHOICES.find((choice) => choice.value === (params.get(P.stage) ?? '')) ?? STAGE_CHOICES[0]!;
  const key = SORT_FIELDS[params.get(P.sort) ?? ''];
  const direction = params.get(P.direction);
  const sort = key ? { key, direction: direction === 'asc' ? ('ascending' as const) : direction === 'desc' ? ('descending' as const) : DEFAULT_APPLICATIONS_SORT.direction } : DEFAULT_APPLICATIONS_SORT;
  return { stage: stage.value, statuses: stage.statuses, role: readRoles(params, P.role)[0] ?? null, place: params.get(P.place)?.trim() ?? '', sort };
}

/** How a sort is written: its field's name and direction; the default sort leaves both out. */
export function sortParams(sort: DataTableSort<JobApplicationOrderField>): { sort: string | null; direction: string | null } {
  if (sort.key === DEFAULT_APPLICATIONS_SORT.key && sort.direction === DEFAULT_APPLICATIONS_SORT.direction) return { sort: null, direction: null };
  const field = Object.entries(SORT_FIELDS).find(([, value]) => value === sort.key)?.[0] ?? null;
  return { sort: field, direction: sort.direction === 'ascending' ? 'asc' : 'desc' };
}
