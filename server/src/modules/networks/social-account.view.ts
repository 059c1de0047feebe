import { wrap } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { timestampFromColumn } from '../../db/references.js';
import { SocialAccount } from './social-account.entity.js';
import { requestLoader, viewsById } from '../../db/request-loader.js';
import { prefixedColumns } from '../../db/prefixed-columns.js';

/**
 * What the GraphQL `SocialAccount` type and its field resolvers read of an account: a
 * `SocialAccount` entity fits, and so does a row read for display only (`loadSocialAccountView`),
 * without the ORM's hydration and reference shells. Relations are ids.
 */
export interface SocialAccountView {
  id: number;
  network: { id: number };
  handle: string;
  displayName: string | null;
  avatarUrl: string | null;
  owner: { id: number } | null;
  followerCount: number | null;
  ownerVerifiedAt: Date | null;
  createdAt: Date;
}

interface SocialAccountColumns {
  id: number;
  network_id: number;
  handle: string;
  display_name: string | null;
  avatar_url: string | null;
  owner_id: number | null;
  follower_count: string | number | null;
  owner_verified_at: string | Date | null;
  created_at: string | Date;
}

const COLUMNS = prefixedColumns<keyof SocialAccountColumns>(['id', 'network_id', 'handle', 'display_name', 'avatar_url', 'owner_id', 'follower_count', 'owner_verified_at', 'created_at']);

/** The select list of a `SocialAccountView` over social_accounts under `alias`, each column named `${prefix}${column}`. */
export function socialAccountViewColumns(alias: string, prefix = ''): string {
  return COLUMNS.selectList(alias, prefix);
}

/** A `SocialAccountView` from the columns `socialAccountViewColumns(alias, prefix)` selected, or null when the joined row is missing. */
export function socialAccountViewFromColumns(row: Record<string, unknown>, prefix = ''): SocialAccountView | null {
  const keys = COLUMNS.keys(prefix);
  const column = <K extends keyof SocialAccountColumns>(name: K) => row[keys[name]] as SocialAccountColumns[K];
  if (column('id') === null || column('id') === undefined) return null;
  const ownerId = column('owner_id');
  const followers = column('follower_count');
  const verifiedAt = column('owner_verified_at');
  return {
    id: Number(column('id')),
    network: { id: Number(column('network_id')) },
    handle: column('handle'),
    displayName: column('display_name'),
    avatarUrl: column('avatar_url'),
    owner: ownerId === null ? null : { id: Number(ownerId) },
    // bigint comes back as text; follower counts stay far within 2^53.
    followerCount: followers === null ? null : Number(followers),
    ownerVerifiedAt: verifiedAt === null ? null : timestampFromColumn(verifiedAt),
    createdAt: timestampFromColumn(column('created_at')),
  };
}

// Every account a page names, in one statement per request.
const views = requestLoader<number, SocialAccountView | null>((em, ids) =>
  viewsById(em, `select ${socialAccountViewColumns('a')} from "social_accounts" a where a."id" = any(?::int[])`, ids, socialAccountViewFromColumns),
);

/**
 * The account with this id for display, or null when there is none. A `SocialAccount` entity this
 * request already holds wins (a mutation's answer shows what it just changed); otherwise a plain
 * row, every account of the page in one statement.
 */
export function loadSocialAccountView(em: EntityManager, id: number): SocialAccountView | null | Promise<SocialAccountView | null> {
  const managed = em.getUnitOfWork().getById<SocialAccount>(SocialAccount, id);
  if (managed && wrap(managed).isInitialized()) return managed;
  return views.load(em, id);
}

/** Hands `loadSocialAccountView` a row another statement of this request already read (a join), so it sends none. */
export function primeSocialAccountView(em: EntityManager, view: SocialAccountView): void {
  views.prime(em, view.id, view);
}
