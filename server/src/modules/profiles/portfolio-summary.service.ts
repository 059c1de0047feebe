import type { EntityManager } from '@mikro-orm/postgresql';
import { idArray, readRows } from '../../db/prepared-read.js';
import { requestLoader } from '../../db/request-loader.js';
import type { CreditRole } from '../credits/index.js';
import { CREDIT_ROLES, publicCreditSql } from '../credits/index.js';
import type { Viewer } from '../users/index.js';
import { userViewColumns, userViewFromColumns, type UserView } from '../users/index.js';
import { visiblePortfoliosSql } from './profile.policy.js';

export const MAX_COLLABORATORS = 50;

export interface PortfolioTotals {
  posts: number;
  views: number;
  likes: number;
}

export interface RoleHeld {
  role: CreditRole;
  postCount: number;
}

export interface Collaborator {
  user: UserView;
  sharedPostCount: number;
}

/**
 * What a response asks of a portfolio's numbers: its totals, its roles, and how many
 * collaborators (0: none). One statement reads exactly that, so the visible portfolio is worked
 * out once for all three (docs/product.md §Profiles).
 */
export interface PortfolioSummaryAsk {
  totals: boolean;
  rolesHeld: boolean;
  collaborators: number;
}

export const WHOLE_SUMMARY: PortfolioSummaryAsk = { totals: true, rolesHeld: true, collaborators: 12 };

export interface PortfolioSummary {
  totals: PortfolioTotals;
  rolesHeld: RoleHeld[];
  collaborators: Collaborator[];
}

interface SummaryKey {
  viewer: Viewer | null;
  ownerId: number;
  ask: PortfolioSummaryAsk;
}

interface SummaryRow extends Record<string, unknown> {
  owner: number;
  totals: { posts: number | string; views: number | string; likes: number | string } | null;
  roles_held: Array<{ role_id: number; post_count: number }> | null;
  shared_post_count: number | string | null;
}

const askName = ({ totals, rolesHeld, collaborators }: PortfolioSummaryAsk) => `${totals ? 't' : ''}${rolesHeld ? 'r' : ''}${collaborators}`;

/**
 * The statement for a group of owners asked the same things: their visible portfolios once
 * (materialized), then per owner the totals and roles as JSON and the top collaborators as rows
 * (a collaborator's columns null when they have none). The parts not asked are left out of the text.
 */
function summarySql(portfolioSql: string, ask: PortfolioSummaryAsk): string {
  const totals = ask.totals
    ? `(select json_build_object('posts', count(*), 'views', coalesce(sum(p."views"), 0), 'likes', coalesce(sum(p."likes"), 0))
          from "visible_portfolio" pf join "posts" p on p."id" = pf."post_id" where pf."owner" = o."owner")`
    : 'null::json';
  // A role counts the owner's own public credits on their visible posts (one per post).
  const roles = ask.rolesHeld
    ? `(select json_agg(json_build_object('role_id', held."role_id", 'post_count', held."post_count") order by held."post_count" desc, held."role_id")
          from (select c."role_id", count(distinct c."post_id") as "post_count" from "visible_portfolio" pf
                  join "credits" c on c."post_id" = pf."post_id" and c."user_id" = pf."owner"
                 where pf."owner" = o."owner" and ${publicCreditSql('c')} group by c."role_id") held)`
    : 'null::json';
  // Others publicly credited on the same visible posts, most shared posts first, then longest on Byline.
  const collaborators =
    ask.collaborators > 0
      ? `left join lateral (
           select ${userViewColumns('u', 'collaborator_')}, shared."shared_post_count" from (
             select c."user_id", count(distinct c."post_id") as "shared_post_count" from "visible_portfolio" pf
               join "credits" c on c."post_id" = pf."post_id"
              where pf."owner" = o."owner" and c."user_id" <> o."owner" and ${publicCreditSql('c')}
              group by c."user_id" order by "shared_post_count" desc, c."user_id" limit ?) shared
           join "users" u on u."id" = shared."user_id") collaborator on true`
      : `left join lateral (select null::bigint as "shared_post_count") collaborator on true`;
  // The numbers in their own lateral (`offset 0` keeps it from being merged into the select list),
  // so they are worked out once per owner rather than once per collaborator row.
  return `with "visible_portfolio" as materialized (${portfolioSql})
    select o."owner", numbers."totals", numbers."roles_held", collaborator.*
      from unnest(?::int[]) as o("owner")
      cross join lateral (select ${totals} as "totals", ${roles} as "roles_held" offset 0) numbers
      ${collaborators}
     order by o."owner", collaborator."shared_post_count" desc nulls last${ask.collaborators > 0 ? ', collaborator."collaborator_id"' : ''}`;
}

const summaries = requestLoader<SummaryKey, PortfolioSummary>(
  async (em, keys) => {
    // Owners asked the same things (every person of a page, in practice) share one statement.
    const groups = new Map<string, { ask: PortfolioSummaryAsk; viewer: Viewer | null; ownerIds: number[] }>();
    for (const { ask, viewer, ownerId } of keys) {
      const group = groups.get(askName(ask)) ?? { ask, viewer, ownerIds: [] };
      if (!group.ownerIds.includes(ownerId)) group.ownerIds.push(ownerId);
      groups.set(askName(ask), group);
    }
    const found = new Map<string, PortfolioSummary>();
    const roles = await CREDIT_ROLES.rows(em);
    for (const [name, { ask, viewer, ownerIds }] of groups) {
      const portfolio = visiblePortfoliosSql(em, viewer, ownerIds);
      const rows = await readRows<SummaryRow>(em, summarySql(portfolio.sql, ask), [...portfolio.params, idArray(ownerIds), ...(ask.collaborators > 0 ? [ask.collaborators] : [])]);
      for (const row of rows) {
        const key = `${name}:${Number(row.owner)}`;
        const summary = found.get(key) ?? { totals: totalsOf(row.totals), rolesHeld: rolesOf(row.roles_held, roles), collaborators: [] };
        const user = row.shared_post_count === null ? null : userViewFromColumns(row, 'collaborator_');
        if (user) summary.collaborators.push({ user, sharedPostCount: Number(row.shared_post_count) });
        found.set(key, summary);
      }
    }
    return keys.map(({ ask, ownerId }) => found.get(`${askName(ask)}:${ownerId}`) ?? { totals: totalsOf(null), rolesHeld: [], collaborators: [] });
  },
  // The viewer is the request's own, the same for every key of the request.
  ({ ownerId, ask }) => `${ownerId}:${askName(ask)}`,
);

function totalsOf(totals: SummaryRow['totals']): PortfolioTotals {
  return { posts: Number(totals?.posts ?? 0), views: Number(totals?.views ?? 0), likes: Number(totals?.likes ?? 0) };
}

function rolesOf(held: SummaryRow['roles_held'], roles: ReadonlyMap<number, CreditRole>): RoleHeld[] {
  return (held ?? []).map(({ role_id: roleId, post_count: postCount }) => {
    const role = roles.get(Number(roleId));
    if (!role) throw new Error(`credit role ${roleId} not found`);
    return { role, postCount: Number(postCount) };
  });
}

/**
 * A portfolio's numbers as the viewer may see them (only posts they may see, only public credits):
 * what `ask` names, read with every other portfolio of the response asked the same in one statement.
 */
export function portfolioSummary(em: EntityManager, viewer: Viewer | null, ownerId: number, ask: PortfolioSummaryAsk): PortfolioSummary | Promise<PortfolioSummary> {
  return summaries.load(em, { viewer, ownerId, ask });
}
