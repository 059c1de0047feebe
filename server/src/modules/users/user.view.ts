import { wrap } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { UserType } from '../../../../domain/enums.js';
import { timestampFromColumn } from '../../db/references.js';
import { User } from './user.entity.js';
import { requestLoader, viewsById } from '../../db/request-loader.js';
import { prefixedColumns } from '../../db/prefixed-columns.js';

/**
 * What the GraphQL `User` type and its field resolvers read of a user: a `User` entity fits, and
 * so does a row read for display only (`loadUserView`), which skips the ORM's hydration, identity
 * map and reference shells (building the users of a feed's credits as entities was ~11% of its
 * CPU with the accounts). Nothing writes a view back; code that changes a user loads the entity.
 */
export interface UserView {
  id: number;
  username: string | null;
  email: string | null;
  name: string | null;
  avatarUrl: string | null;
  userType: UserType | null;
  roleFlags: number[];
  termsAcknowledgedAt: Date | null;
  termsVersion: string | null;
  locationGeohash: string | null;
  bio: string | null;
  website: string | null;
  locationName: string | null;
  createdAt: Date;
}

/** The users columns a `UserView` is made of, as `em.execute` returns them (aliased by `userViewColumns`). */
export interface UserColumns {
  id: number;
  username: string | null;
  email: string | null;
  name: string | null;
  avatar_url: string | null;
  user_type: number | string | null;
  role_flags: number[] | string | null;
  terms_acknowledged_at: string | Date | null;
  terms_version: string | null;
  location_geohash: string | null;
  bio: string | null;
  website: string | null;
  location_name: string | null;
  created_at: string | Date;
}

const COLUMNS = prefixedColumns<keyof UserColumns>([
  'id', 'username', 'email', 'name', 'avatar_url', 'user_type', 'role_flags', 'terms_acknowledged_at', 'terms_version', 'location_geohash', 'bio', 'website', 'location_name', 'created_at',
]);

/** The select list of a `UserView` over the users table under `alias`, each column named `${prefix}${column}`. */
export function userViewColumns(alias: string, prefix = ''): string {
  return COLUMNS.selectList(alias, prefix);
}

/** A `UserView` from the columns `userViewColumns(alias, prefix)` selected, or null when the joined row is missing. */
export function userViewFromColumns(row: Record<string, unknown>, prefix = ''): UserView | null {
  const keys = COLUMNS.keys(prefix);
  const column = <K extends keyof UserColumns>(name: K) => row[keys[name]] as UserColumns[K];
  if (column('id') === null || column('id') === undefined) return null;
  const userType = column('user_type');
  const termsAt = column('terms_acknowledged_at');
  return {
    id: Number(column('id')),
    username: column('username'),
    email: column('email'),
    name: column('name'),
    avatarUrl: column('avatar_url'),
    userType: userType === null ? null : (Number(userType) as UserType),
    roleFlags: smallintArray(column('role_flags')),
    termsAcknowledgedAt: termsAt === null ? null : timestampFromColumn(termsAt),
    termsVersion: column('terms_version'),
    locationGeohash: column('location_geohash'),
    bio: column('bio'),
    website: column('website'),
    locationName: column('location_name'),
    createdAt: timestampFromColumn(column('created_at')),
  };
}

/** A smallint[] as the driver hands it over: parsed already, or PostgreSQL's text form ("{1,4}"). */
function smallintArray(value: number[] | string | null): number[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value.map(Number);
  const inner = value.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',').map(Number);
}

// Every user a page names, in one statement per request.
const views = requestLoader<number, UserView | null>((em, ids) =>
  viewsById(em, `select ${userViewColumns('u')} from "users" u where u."id" = any(?::int[])`, ids, userViewFromColumns),
);

/**
 * The user with this id for display, or null when there is none. A `User` entity this request
 * already holds wins (a mutation's answer shows what it just changed); otherwise a plain row,
 * every user of the page in one statement.
 */
export function loadUserView(em: EntityManager, id: number): UserView | null | Promise<UserView | null> {
  const managed = em.getUnitOfWork().getById<User>(User, id);
  if (managed && wrap(managed).isInitialized()) return managed;
  return views.load(em, id);
}

/** Hands `loadUserView` a row another statement of this request already read (a join), so it sends none. */
export function primeUserView(em: EntityManager, view: UserView): void {
  views.prime(em, view.id, view);
}
