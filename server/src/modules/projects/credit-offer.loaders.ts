import type { EntityManager } from '@mikro-orm/postgresql';
import { requestLoader } from '../../db/request-loader.js';

interface OfferQuestion {
  userId: number;
  deliverableId: number;
}

// The viewer's project credit role on each deliverable of a response, in one statement: the role a
// published deliverable offers them (docs/product.md §Projects), for its accepted collaborators and
// its assignees who have not declined. A person has one collaborator row per project.
const offeredRoles = requestLoader<OfferQuestion, number | null>(
  async (em, questions) => {
    // A request has one viewer.
    const userId = questions[0]!.userId;
    const rows = await em.execute<Array<{ deliverable_id: number; credit_role_id: number }>>(
      `select d."id" as "deliverable_id", c."credit_role_id" from "project_deliverables" d
         join "project_collaborators" c on c."project_id" = d."project_id" and c."user_id" = ?
        where d."id" in (?)
          and (c."status" = 'accepted' or (c."status" <> 'declined' and exists (
            select 1 from "project_deliverable_assignees" a where a."deliverable_id" = d."id" and a."collaborator_id" = c."id")))`,
      [userId, questions.map((question) => question.deliverableId)],
    );
    const byDeliverable = new Map(rows.map((row) => [Number(row.deliverable_id), Number(row.credit_role_id)]));
    return questions.map((question) => byDeliverable.get(question.deliverableId) ?? null);
  },
  ({ userId, deliverableId }) => `${userId}:${deliverableId}`,
);

export function loadOfferedRoleId(em: EntityManager, userId: number, deliverableId: number): number | null | Promise<number | null> {
  return offeredRoles.load(em, { userId, deliverableId });
}
