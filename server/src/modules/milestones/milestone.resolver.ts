import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { MilestoneType } from '../../../../domain/milestones.js';
import type { RequestContext, UserView } from '../users/index.js';
import { User } from '../users/index.js';
import { Milestone } from './milestone.types.js';

/** The profile shows a person's latest milestones; older ones are behind bigger ones of the same type. */
export const MAX_PROFILE_MILESTONES = 20;

const loaders = new WeakMap<EntityManager, DataLoader<number, Milestone[]>>();

/** One statement for a page of people: each person's newest milestones (biggest first within a day). */
function milestonesLoader(em: EntityManager): DataLoader<number, Milestone[]> {
  let loader = loaders.get(em);
  if (!loader) {
    loader = new DataLoader(async (userIds: readonly number[]) => {
      const rows = await em.execute<Array<{ subject_id: number; type: MilestoneType; threshold: string; reached_at: Date }>>(
        `select m.subject_id, m.type, m.threshold::text as threshold, m.reached_at
           from (select value::int as id from jsonb_array_elements_text(?::jsonb)) as u
           cross join lateral (select subject_id, type, threshold, reached_at from milestones_reached
                                where subject_type = 'user' and subject_id = u.id
                                order by reached_at desc, threshold desc limit ${MAX_PROFILE_MILESTONES}) m`,
        [JSON.stringify(userIds)],
      );
      const byUser = new Map<number, Milestone[]>(userIds.map((id) => [id, []]));
      for (const row of rows) byUser.get(row.subject_id)!.push({ type: row.type, threshold: Number(row.threshold), reachedAt: new Date(row.reached_at) });
      return userIds.map((id) => byUser.get(id)!);
    });
    loaders.set(em, loader);
  }
  return loader;
}

@Resolver(() => User)
export class UserMilestonesResolver {
  @FieldResolver(() => [Milestone], {
    description: `Round numbers the person’s public work passed, newest first (at most ${MAX_PROFILE_MILESTONES}). Counted over posts publicly credited to them.`,
  })
  milestones(@Root() user: UserView, @Ctx() { em }: RequestContext): Promise<Milestone[]> {
    return milestonesLoader(em).load(user.id);
  }
}
