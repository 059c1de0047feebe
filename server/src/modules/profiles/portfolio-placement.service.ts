import type { EntityManager } from '@mikro-orm/postgresql';
import { moveAfter } from '../../../../domain/ordering.js';
import { MAX_PINNED_POSTS, PORTFOLIO_MESSAGES, type PortfolioPlacement } from '../../../../domain/portfolio.js';
import { Forbidden, InvalidInput, NotFound, Unprocessable } from '../../errors/app-errors.js';
import type { Viewer } from '../users/index.js';
import { mayArrangePortfolio, visiblePortfolioPostIds } from './profile.policy.js';

/**
 * Pinning, hiding and ordering a profile's posts (docs/product.md §Profiles). Each change runs in
 * one transaction holding the owner's row, so two tabs pinning at once cannot pass the cap or
 * give two posts one position.
 */
async function arrange<T>(em: EntityManager, viewer: Viewer | null, ownerId: number, work: (tx: EntityManager) => Promise<T>): Promise<T> {
  if (!viewer || !mayArrangePortfolio(viewer, ownerId)) throw new Forbidden(PORTFOLIO_MESSAGES.onlyOwner);
  return em.transactional(async (tx) => {
    await tx.execute(`select 1 from "users" where "id" = ? for update`, [ownerId]);
    return work(tx);
  });
}

/** The owner's pinned posts, in their order. */
async function pinnedPostIds(tx: EntityManager, ownerId: number): Promise<number[]> {
  const rows = await tx.execute<Array<{ post_id: number }>>(
    `select "post_id" from "portfolio_placements" where "user_id" = ? and "pin_position" is not null order by "pin_position"`,
    [ownerId],
  );
  return rows.map((row) => Number(row.post_id));
}

/** Pins take positions 0, 1, 2… in this order (the unique check waits for the commit). */
async function numberPins(tx: EntityManager, ownerId: number, order: readonly number[]): Promise<void> {
  if (order.length === 0) return;
  await tx.execute(
    `update "portfolio_placements" pl set "pin_position" = o.ord - 1, "updated_at" = now()
       from unnest(?::int[]) with ordinality as o(post_id, ord)
      where pl."user_id" = ? and pl."post_id" = o.post_id`,
    [`{${order.join(',')}}`, ownerId],
  );
}

/**
 * Puts one of the owner's posts where they chose: PINNED (after the other pins, up to
 * MAX_PINNED_POSTS), HIDDEN (off the profile for everyone else; unpinned) or SHOWN (as usual).
 * Only posts of the owner's own portfolio (as they see it) may be placed.
 */
export async function setPortfolioPlacement(em: EntityManager, viewer: Viewer | null, ownerId: number, postId: number, placement: PortfolioPlacement): Promise<void> {
  await arrange(em, viewer, ownerId, async (tx) => {
    const portfolio = visiblePortfolioPostIds(tx, viewer, { id: ownerId });
    const [held] = await tx.execute<Array<{ held: boolean }>>(`select ? in (${portfolio.sql}) as held`, [postId, ...portfolio.params]);
    if (!held?.held) throw new NotFound(PORTFOLIO_MESSAGES.notInPortfolio);
    const pins = await pinnedPostIds(tx, ownerId);
    if (placement === 'pinned') {
      if (pins.includes(postId)) return;
      if (pins.length >= MAX_PINNED_POSTS) throw new Unprocessable(PORTFOLIO_MESSAGES.tooManyPins);
      await tx.execute(
        `insert into "portfolio_placements" ("user_id", "post_id", "pin_position", "is_hidden") values (?, ?, ?, false)
           on conflict ("user_id", "post_id") do update set "pin_position" = excluded."pin_position", "is_hidden" = false, "updated_at" = now()`,
        [ownerId, postId, pins.length],
      );
      await numberPins(tx, ownerId, [...pins, postId]);
      return;
    }
    if (placement === 'hidden') {
      await tx.execute(
        `insert into "portfolio_placements" ("user_id", "post_id", "pin_position", "is_hidden") values (?, ?, null, true)
           on conflict ("user_id", "post_id") do update set "pin_position" = null, "is_hidden" = true, "updated_at" = now()`,
        [ownerId, postId],
      );
    } else {
      await tx.execute(`delete from "portfolio_placements" where "user_id" = ? and "post_id" = ?`, [ownerId, postId]);
    }
    // The remaining pins close ranks, so positions stay 0…n-1 however often pins come and go.
    await numberPins(tx, ownerId, pins.filter((id) => id !== postId));
  });
}

/** Moves a pinned post after another pinned post (null: first). Returns the pins in their new order. */
export async function movePinnedPost(em: EntityManager, viewer: Viewer | null, ownerId: number, postId: number, afterPostId: number | null): Promise<number[]> {
  return arrange(em, viewer, ownerId, async (tx) => {
    const pins = await pinnedPostIds(tx, ownerId);
    if (!pins.includes(postId)) throw new NotFound(PORTFOLIO_MESSAGES.notPinned);
    const order = afterPostId === postId ? pins : moveAfter(pins, postId, afterPostId);
    if (!order) throw new InvalidInput(PORTFOLIO_MESSAGES.notPinned, { field: 'afterPostId' });
    await numberPins(tx, ownerId, order);
    return order;
  });
}

/**
 * For other modules' statements: a join giving each (person, post) row where the person placed
 * the post on their profile, as `<alias>."pin_position"` (null unless pinned) and
 * `<alias>."is_hidden"` (null unless placed). Code constants only, never request text.
 */
export function portfolioPlacementJoinSql(alias: string, userColumn: string, postColumn: string): string {
  return `left join "portfolio_placements" ${alias} on ${alias}."user_id" = ${userColumn} and ${alias}."post_id" = ${postColumn}`;
}
