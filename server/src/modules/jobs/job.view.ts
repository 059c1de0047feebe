import { timestampFromColumn } from '../../db/references.js';
import type { JobStatus } from '../../../../domain/jobs.js';

/**
 * What the GraphQL `Job` type reads of a job: a `Job` entity fits, and so does a row read for
 * display only (the lists, a job's page), which skips the ORM's hydration, identity map and
 * reference shells (building the entities was the largest share of the /jobs list's CPU).
 * Relations are ids; field resolvers load them through batched loaders.
 */
export interface JobView {
  id: number;
  publicId: string;
  team: { id: number };
  account: { id: number };
  name: string;
  nameSlug: string;
  roleIds: number[];
  description: string;
  placeGeohash: string | null;
  placeName: string | null;
  placeLat: number | null;
  placeLon: number | null;
  isRemote: boolean;
  payMin: number | null;
  payMax: number | null;
  payCurrency: string | null;
  isUnpaid: boolean;
  /** YYYY-MM-DD. */
  deadline: string | null;
  status: JobStatus;
  publishedAt: Date | null;
  closedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The jobs columns, as `em.execute` returns them for `select j.*` (dates and timestamps as text, bigints as text). */
export interface JobColumns {
  id: number;
  public_id: string;
  team_id: number;
  account_id: number;
  name: string;
  name_slug: string;
  role_ids: Array<number | string> | string;
  description: string;
  place_geohash: string | null;
  place_name: string | null;
  place_lat: number | null;
  place_lon: number | null;
  is_remote: boolean;
  pay_min: string | number | null;
  pay_max: string | number | null;
  pay_currency: string | null;
  is_unpaid: boolean;
  deadline: string | null;
  status: JobStatus;
  published_at: string | Date | null;
  closed_at: string | Date | null;
  created_at: string | Date;
  updated_at: string | Date;
}

const timestampOrNull = (value: string | Date | null) => (value === null ? null : timestampFromColumn(value));
// Pay is in minor units and stays within 2^53 (GraphQLSafeInt says so).
const amountOrNull = (value: string | number | null) => (value === null ? null : Number(value));

/** smallint[] arrives parsed by pg; as text ("{1,2}") only if a driver leaves it so. */
function roleIdsFrom(value: JobColumns['role_ids']): number[] {
  const list = typeof value === 'string' ? value.replace(/[{}]/g, '').split(',').filter(Boolean) : value;
  return list.map(Number);
}

export function jobViewFromColumns(row: JobColumns): JobView {
  return {
    id: Number(row.id),
    publicId: row.public_id,
    team: { id: Number(row.team_id) },
    account: { id: Number(row.account_id) },
    name: row.name,
    nameSlug: row.name_slug,
    roleIds: roleIdsFrom(row.role_ids),
    description: row.description,
    placeGeohash: row.place_geohash,
    placeName: row.place_name,
    placeLat: row.place_lat === null ? null : Number(row.place_lat),
    placeLon: row.place_lon === null ? null : Number(row.place_lon),
    isRemote: row.is_remote,
    payMin: amountOrNull(row.pay_min),
    payMax: amountOrNull(row.pay_max),
    payCurrency: row.pay_currency,
    isUnpaid: row.is_unpaid,
    deadline: row.deadline,
    status: row.status,
    publishedAt: timestampOrNull(row.published_at),
    closedAt: timestampOrNull(row.closed_at),
    createdAt: timestampFromColumn(row.created_at),
    updatedAt: timestampFromColumn(row.updated_at),
  };
}
