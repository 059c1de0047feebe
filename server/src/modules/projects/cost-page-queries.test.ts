import { graphql as executeGraphQL } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildAppSchema } from '../../registry.js';
import { createLogger } from '../../logger.js';
import { buildUser, createUser } from '../../test-support/factories.js';
import { useQueryLog } from '../../test-support/query-log.js';
import { queryRows } from '../../test-support/sql.js';
import { useTestServer } from '../../test-support/test-server.js';
import { User } from '../users/index.js';
import { createProject } from './project.service.js';

const env = useTestServer();
const log = useQueryLog(env);

const COSTS_PAGE = `query($publicId: String!, $first: Int!) { projectByAddress(publicId: $publicId) { project {
  costsCsvPath costs(first: $first) { totalCount nodes { id description amount currency lineTotal payeeCollaborator { id user { id name } } } }
  costTotals { budget { amount actual remaining } currencies { currency total categories { category total } } } } } }`;

type Page = { projectByAddress: { project: { costs: { totalCount: number; nodes: Array<{ payeeCollaborator: { user: { id: string } | null } | null }> } } } };

describe('the costs tab, batched', () => {
  it('costs the same fixed number of queries for 30 lines paid to 30 people as for 3', async () => {
    const em = log.orm.em.fork();
    const owner = await createUser(em);
    const viewer = { user: owner, masqueradingAdminId: null, sessionId: null, plansOpen: false };

    async function projectWith(lines: number): Promise<string> {
      const project = await createProject(em, viewer, { name: `Costs of ${lines}` });
      const crew = Array.from({ length: lines }, () => buildUser(em));
      await em.flush();
      // A collaborator per person and a cost paid to each, in two currencies, in two statements.
      await queryRows(
        env.database.url,
        `insert into project_collaborators (project_id, user_id, credit_role_id, permission, status)
         select $1, person, 1, 'viewer', 'accepted' from unnest($2::int[]) as person`,
        [project.id, crew.map((person) => person.id)],
      );
      await queryRows(
        env.database.url,
        `insert into project_costs (project_id, category, description, amount, currency, quantity, payee_collaborator_id)
         select $1, 'crew', 'Day rate', 1000 + c.id, case when c.id % 2 = 0 then 'USD' else 'EUR' end, 1, c.id from project_collaborators c where c.project_id = $1`,
        [project.id],
      );
      await queryRows(env.database.url, `update projects set budget_amount = 100000, budget_currency = 'USD' where id = $1`, [project.id]);
      return project.publicId;
    }

    const schema = await buildAppSchema({ publish: () => undefined, subscribe: () => (async function* () {})() });
    const queriesFor = async (publicId: string, lines: number) => {
      const context = log.orm.em.fork();
      const requestViewer = { user: await context.findOneOrFail(User, owner.id), masqueradingAdminId: null, sessionId: null, plansOpen: false };
      const selects = await log.selectsDuring(async () => {
        const result = await executeGraphQL({
          schema,
          source: COSTS_PAGE,
          variableValues: { publicId, first: 50 },
          contextValue: { em: context, viewer: requestViewer, pubsub: null, config: env.server.config, logger: createLogger('silent') },
        });
        expect(result.errors).toBeUndefined();
        const page = (result.data as unknown as Page).projectByAddress.project;
        expect(page.costs.totalCount).toBe(lines);
        expect(page.costs.nodes.every((row) => row.payeeCollaborator?.user !== null)).toBe(true);
      });
      return selects.length;
    };

    const small = await queriesFor(await projectWith(3), 3);
    // The project with the viewer's relations; a page of costs with their count; their totals;
    // the payees; the payees' people. None of these grows with the lines.
    expect(small).toBe(5);
    expect(await queriesFor(await projectWith(30), 30)).toBe(small);
  });
});
