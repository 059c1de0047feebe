import type { CreditRole } from '@domain/credit-roles';
import { MAX_JOB_RADIUS_KM, MAX_POSTED_WITHIN_DAYS } from '@domain/jobs';
import type { JobsListQueryVariables } from '@gql/graphql';
import { globalId, readPlace, readRoles } from '@ui/urlFilters';

/** The /jobs query parameters: shareable, so every filter lives in the address (docs/product.md §Jobs). */
export const JOBS_PARAMETERS = { role: 'role', geo: 'geo', radius: 'radiusKm', remote: 'remote', postedWithin: 'days' } as const;

/** What Clear all removes. */
export const JOBS_FILTER_PARAMETERS = Object.values(JOBS_PARAMETERS);

export interface JobsState {
  variables: Omit<JobsListQueryVariables, 'first' | 'after'>;
  roles: CreditRole[];
  /** The place's name as the link gives it (`{name}~{geohash}`), or the geohash alone. */
  placeName: string | null;
  radiusKm: number | null;
  remote: boolean | null;
  postedWithinDays: number | null;
}

function wholeNumber(text: string | null, min: number, max: number): number | null {
  if (text === null || !/^\d{1,9}$/.test(text.trim())) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

/**
 * The address's filters as the API's arguments: roles as `{name}~{id}` (as /creators writes
 * them), the place as `{name}~{geohash}`, a radius in km, remote as yes/no, and the days.
 * A value out of range is left out rather than sent to be refused.
 */
export function readJobsParams(params: URLSearchParams): JobsState {
  const P = JOBS_PARAMETERS;
  const roles = readRoles(params, P.role);
  const place = readPlace(params, P.geo);
  const near = place?.geohash || null;
  const placeName = place?.name ?? null;
  const radiusKm = near ? wholeNumber(params.get(P.radius), 1, MAX_JOB_RADIUS_KM) : null;
  const remoteParam = params.get(P.remote);
  const remote = remoteParam === 'yes' ? true : remoteParam === 'no' ? false : null;
  const postedWithinDays = wholeNumber(params.get(P.postedWithin), 1, MAX_POSTED_WITHIN_DAYS);
  return {
    variables: {
      roleIds: roles.length > 0 ? roles.map((role) => globalId('CreditRole', role.id)) : null,
      near,
      radiusKm,
      remote,
      postedWithinDays,
    },
    roles,
    placeName: near ? placeName : null,
    radiusKm,
    remote,
    postedWithinDays,
  };
}
