import { describe, expect, it } from 'vitest';
import { RoleFlag } from '../../../../domain/enums.js';
import { COST_MESSAGES } from '../../../../domain/project-costs.js';
import { PROJECT_MESSAGES } from '../../../../domain/projects.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { createTeam } from '../../test-support/factories.js';
import { queryRows } from '../../test-support/sql.js';
import { type GraphQLResponse, useTestServer } from '../../test-support/test-server.js';
import type { User } from '../users/index.js';
import { askOn, dataOf, errorOf, personOn } from './projects.test-support.js';

const env = useTestServer();

const CREATE_PROJECT = 'mutation($input: CreateProjectInput!) { createProject(input: $input) { project { id publicId slug } } }';
const ADD = 'mutation($input: AddProjectCollaboratorInput!) { addProjectCollaborator(input: $input) { collaborator { id } } }';
const RESPOND = 'mutation($input: RespondToProjectInvitationInput!) { respondToProjectInvitation(input: $input) { collaborator { id } } }';
const COST_FIELDS = 'id databaseId category description amount currency currencyExponent quantity lineTotal vendorName paid payeeCollaborator { id user { id } }';
const TOTALS = 'costTotals { budget { amount currency currencyExponent actual remaining } currencies { currency currencyExponent total paid unpaid categories { category total } } }';
const COSTS_OF = `query($publicId: String!, $first: Int, $after: String) { projectByAddress(publicId: $publicId) { project { viewerCan { seeCosts } costsCsvPath costs(first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } nodes { ${COST_FIELDS} } } ${TOTALS} } } }`;
const CREATE = `mutation($input: CreateProjectCostInput!) { createProjectCost(input: $input) { cost { ${COST_FIELDS} } project { ${TOTALS} } } }`;
const UPDATE = `mutation($input: UpdateProjectCostInput!) { updateProjectCost(input: $input) { cost { ${COST_FIELDS} } } }`;
const DELETE = 'mutation($input: DeleteProjectCostInput!) { deleteProjectCost(input: $input) { deletedCostId project { costs(first: 10) { totalCount } } } }';
const BUDGET = `mutation($input: SetProjectBudgetInput!) { setProjectBudget(input: $input) { project { ${TOTALS} } } }`;
const NODE = 'query($id: ID!) { node(id: $id) { id ... on ProjectCost { description } } }';

interface CostView {
  id: string;
  databaseId: number;
  category: string;
  description: string;
  amount: number;
  currency: string;
  currencyExponent: number;
  quantity: number;
  lineTotal: number;
  vendorName: string | null;
  paid: boolean;
  payeeCollaborator: { id: string; user: { id: string } | null } | null;
}
interface TotalsView {
  budget: { amount: number; currency: string; currencyExponent: number; actual: number; remaining: number } | null;
  currencies: Array<{ currency: string; currencyExponent: number; total: number; paid: number; unpaid: number; categories: Array<{ category: string; total: number }> }>;
}
interface CostsView {
  viewerCan: { seeCosts: boolean };
  costsCsvPath: string | null;
  costs: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: CostView[] } | null;
  costTotals: TotalsView | null;
}

function person(fields: Parameters<typeof personOn>[1] = {}): Promise<{ user: User; token: string }> {
  return personOn(env.server, fields);
}

function ask<T = Record<string, unknown>>(token: string | undefined, query: string, variables: Record<string, unknown> = {}): Promise<GraphQLResponse<T>> {
  return askOn<T>(env.server, token, query, variables);
}

async function project(token: string, input: Record<string, unknown>): Promise<{ id: string; publicId: string; slug: string }> {
  return dataOf(await ask<{ createProject: { project: { id: string; publicId: string; slug: string } } }>(token, CREATE_PROJECT, { input })).createProject.project;
}

/** Someone invited and accepted with `permission`. */
async function joined(ownerToken: string, projectId: string, permission: 'OWNER' | 'EDITOR' | 'VIEWER', fields: Partial<Pick<User, 'name'>> = {}) {
  const member = await person(fields);
  const invited = dataOf(await ask<{ addProjectCollaborator: { collaborator: { id: string } } }>(ownerToken, ADD, { input: { projectId, userId: toGlobalId('User', member.user.id), roleId: toGlobalId('CreditRole', 1), permission } })).addProjectCollaborator.collaborator;
  dataOf(await ask(member.token, RESPOND, { input: { collaboratorId: invited.id, accept: true } }));
  return { ...member, collaboratorId: invited.id };
}

async function costsOf(token: string | undefined, publicId: string, page: { first?: number; after?: string } = {}): Promise<CostsView | null> {
  return dataOf(await ask<{ projectByAddress: { project: CostsView } | null }>(token, COSTS_OF, { publicId, first: page.first ?? 50, after: page.after })).projectByAddress?.project ?? null;
}

function addCost(token: string | undefined, projectId: string, input: Record<string, unknown>) {
  return ask<{ createProjectCost: { cost: CostView; project: TotalsView } }>(token, CREATE, { input: { projectId, category: 'CREW', description: 'Gaffer, day rate', amount: 45000, currency: 'USD', ...input } });
}

async function added(token: string, projectId: string, input: Record<string, unknown>): Promise<CostView> {
  return dataOf(await addCost(token, projectId, input)).createProjectCost.cost;
}

function csv(token: string | undefined, publicId: string): Promise<Response> {
  return fetch(`${env.server.url}/api/projects/${publicId}/costs.csv`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
}

async function costRows(projectDatabaseId: number): Promise<Array<{ description: string; amount: string; quantity: number; vendor_name: string | null; payee_collaborator_id: number | null }>> {
  return queryRows(env.database.url, 'select description, amount, quantity, vendor_name, payee_collaborator_id from project_costs where project_id = $1 order by id', [projectDatabaseId]);
}

function databaseIdOf(globalId: string): number {
  return Number(Buffer.from(globalId, 'base64').toString('utf8').split(':')[1]);
}

describe('costs and their totals', () => {
  it('totals each currency apart, per category, with the budget against its own currency only', async () => {
    const owner = await person();
    const { id, publicId } = await project(owner.token, { name: 'Spring campaign' });
    const editor = await joined(owner.token, id, 'EDITOR');

    const gaffer = await added(owner.token, id, { quantity: 3, paid: true });
    expect(gaffer).toMatchObject({ category: 'CREW', description: 'Gaffer, day rate', amount: 45000, currency: 'USD', currencyExponent: 2, quantity: 3, lineTotal: 135000, paid: true, vendorName: null, payeeCollaborator: null });
    await added(editor.token, id, { category: 'EQUIPMENT', description: 'Camera package', amount: 120050, currency: 'usd', vendorName: 'Rent-a-Cam' });
    await added(owner.token, id, { category: 'LOCATION', description: 'Studio, Paris', amount: 250000, currency: 'EUR' });
    await added(owner.token, id, { category: 'TRAVEL', description: 'Shinkansen', amount: 14720, currency: 'JPY', quantity: 2 });
    const last = dataOf(await addCost(editor.token, id, { category: 'OTHER', description: 'Permit', amount: 1500, currency: 'KWD' })).createProjectCost;
    expect(last.cost).toMatchObject({ currency: 'KWD', currencyExponent: 3 });

    const usd = { currency: 'USD', currencyExponent: 2, total: 255050, paid: 135000, unpaid: 120050, categories: [{ category: 'CREW', total: 135000 }, { category: 'EQUIPMENT', total: 120050 }] };
    const others = [
      { currency: 'EUR', currencyExponent: 2, total: 250000, paid: 0, unpaid: 250000, categories: [{ category: 'LOCATION', total: 250000 }] },
      { currency: 'JPY', currencyExponent: 0, total: 29440, paid: 0, unpaid: 29440, categories: [{ category: 'TRAVEL', total: 29440 }] },
      { currency: 'KWD', currencyExponent: 3, total: 1500, paid: 0, unpaid: 1500, categories: [{ category: 'OTHER', total: 1500 }] },
    ];
    expect(last.project).toEqual({ costTotals: { budget: null, currencies: [others[0], others[1], others[2], usd] } });

    const budgeted = dataOf(await ask<{ setProjectBudget: { project: TotalsView } }>(editor.token, BUDGET, { input: { projectId: id, amount: 200000, currency: 'USD' } })).setProjectBudget.project;
    expect(budgeted).toMatchObject({ costTotals: { budget: { amount: 200000, currency: 'USD', currencyExponent: 2, actual: 255050, remaining: -55050 } } });
    const inYen = dataOf(await ask<{ setProjectBudget: { project: TotalsView } }>(owner.token, BUDGET, { input: { projectId: id, amount: 100000, currency: 'JPY' } })).setProjectBudget.project;
    expect(inYen).toMatchObject({ costTotals: { budget: { amount: 100000, currency: 'JPY', currencyExponent: 0, actual: 29440, remaining: 70560 } } });
    expect(errorOf(await ask(owner.token, BUDGET, { input: { projectId: id, amount: 100 } }))).toEqual({ message: COST_MESSAGES.budgetNeedsCurrency, code: 'BAD_USER_INPUT' });
    expect(errorOf(await ask(owner.token, BUDGET, { input: { projectId: id, amount: 100, currency: 'XYZ' } }))).toEqual({ message: COST_MESSAGES.currencyUnknown, code: 'BAD_USER_INPUT' });
    const cleared = dataOf(await ask<{ setProjectBudget: { project: TotalsView } }>(owner.token, BUDGET, { input: { projectId: id, amount: null, currency: null } })).setProjectBudget.project;
    expect(cleared).toMatchObject({ costTotals: { budget: null } });

    // Pages, oldest first.
    const first = (await costsOf(owner.token, publicId, { first: 2 }))!;
    expect(first.costs!.totalCount).toBe(5);
    expect(first.costs!.nodes.map((row) => row.description)).toEqual(['Gaffer, day rate', 'Camera package']);
    const rest = (await costsOf(owner.token, publicId, { first: 10, after: first.costs!.pageInfo.endCursor! }))!;
    expect(rest.costs!.nodes.map((row) => row.currency)).toEqual(['EUR', 'JPY', 'KWD']);
    expect(first.costsCsvPath).toBe(`/api/projects/${publicId}/costs.csv`);

    const audits = await queryRows<{ count: string }>(env.database.url, `select count(*) from audit_logs where target = 'project_costs' and (fields->>'projectId')::int = $1`, [databaseIdOf(id)]);
    expect(Number(audits[0]!.count)).toBe(5);
  });

  it('refuses bad lines with the product’s words and leaves the data as it was', async () => {
    const owner = await person();
    const { id } = await project(owner.token, { name: 'Checks' });
    const other = await project(owner.token, { name: 'Another' });
    const outsider = await joined(owner.token, other.id, 'VIEWER');
    const crew = await joined(owner.token, id, 'VIEWER');
    const cost = await added(owner.token, id, { payeeCollaboratorId: crew.collaboratorId });
    expect(cost.payeeCollaborator).toEqual({ id: crew.collaboratorId, user: { id: toGlobalId('User', crew.user.id) } });

    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ currency: 'ABC' }, COST_MESSAGES.currencyUnknown],
      [{ description: '   ' }, COST_MESSAGES.descriptionRequired],
      [{ description: 'x'.repeat(201) }, COST_MESSAGES.descriptionTooLong],
      [{ amount: -1 }, COST_MESSAGES.amountInvalid],
      [{ quantity: 0 }, COST_MESSAGES.quantityInvalid],
      [{ amount: 1_000_000_000_000, quantity: 2 }, COST_MESSAGES.lineTooLarge],
      [{ payeeCollaboratorId: crew.collaboratorId, vendorName: 'Both' }, COST_MESSAGES.onePayee],
      [{ payeeCollaboratorId: outsider.collaboratorId }, COST_MESSAGES.payeeNotInProject],
    ];
    for (const [input, message] of refusals) expect(errorOf(await addCost(owner.token, id, input))).toEqual({ message, code: 'BAD_USER_INPUT' });
    // Floats are not minor units.
    expect(errorOf(await addCost(owner.token, id, { amount: 12.5 }))?.code).toBe('BAD_USER_INPUT');
    const before = await costRows(databaseIdOf(id));
    expect(before).toHaveLength(1);

    // A change that fails half-way (the amount is fine, the payee is not) changes nothing.
    expect(errorOf(await ask(owner.token, UPDATE, { input: { costId: cost.id, amount: 1, description: 'Changed', payeeCollaboratorId: outsider.collaboratorId } }))).toEqual({ message: COST_MESSAGES.payeeNotInProject, code: 'BAD_USER_INPUT' });
    expect(await costRows(databaseIdOf(id))).toEqual(before);

    // A vendor replaces the collaborator; the collaborator leaving clears the payee.
    const vendor = dataOf(await ask<{ updateProjectCost: { cost: CostView } }>(owner.token, UPDATE, { input: { costId: cost.id, vendorName: '  Lights  & Co ' } })).updateProjectCost.cost;
    expect(vendor).toMatchObject({ vendorName: 'Lights & Co', payeeCollaborator: null });
    const paidCrew = await added(owner.token, id, { payeeCollaboratorId: crew.collaboratorId });
    dataOf(await ask(crew.token, 'mutation($input: RemoveProjectCollaboratorInput!) { removeProjectCollaborator(input: $input) { removedCollaboratorId } }', { input: { collaboratorId: crew.collaboratorId } }));
    expect(dataOf(await ask<{ node: CostView }>(owner.token, `query($id: ID!) { node(id: $id) { ... on ProjectCost { ${COST_FIELDS} } } }`, { id: paidCrew.id })).node).toMatchObject({ payeeCollaborator: null, amount: 45000 });
  });
});

describe('who may see and change costs', () => {
  it('shows costs to owners, editors and a team’s managers only, on every query, mutation and the CSV', async () => {
    const owner = await person();
    const manager = await person();
    const member = await person();
    const admin = await person({ roleFlags: [RoleFlag.admin] });
    const stranger = await person();
    const team = await createTeam(env.server.orm.em.fork(), [{ user: manager.user, role: 'manager' }, { user: member.user, role: 'member' }]);

    const open = await project(owner.token, { name: 'Open work', visibility: 'PUBLIC' });
    const editor = await joined(owner.token, open.id, 'EDITOR');
    const coOwner = await joined(owner.token, open.id, 'OWNER');
    const viewer = await joined(owner.token, open.id, 'VIEWER');
    const teamProject = await project(manager.token, { name: 'Team work', ownerTeamId: toGlobalId('Team', team.id) });
    const hidden = await project(owner.token, { name: 'Hidden work' });

    type Who = { name: string; token: string | undefined };
    const cases: Array<{ target: typeof open; allowed: Who[]; refused: Who[]; unseen: Who[] }> = [
      {
        target: open,
        allowed: [{ name: 'owner', ...owner }, { name: 'editor', ...editor }, { name: 'co-owner', ...coOwner }],
        refused: [{ name: 'viewer', ...viewer }, { name: 'stranger on a public project', ...stranger }, { name: 'admin', ...admin }],
        unseen: [],
      },
      { target: teamProject, allowed: [{ name: 'team manager', ...manager }], refused: [{ name: 'team member', ...member }, { name: 'admin', ...admin }], unseen: [{ name: 'stranger', ...stranger }] },
      { target: hidden, allowed: [{ name: 'owner', ...owner }], refused: [], unseen: [{ name: 'stranger', ...stranger }, { name: 'editor of another project', ...editor }] },
    ];

    for (const { target, allowed, refused, unseen } of cases) {
      const seed = await added(allowed[0]!.token!, target.id, { description: 'Seed' });
      for (const who of allowed) {
        const view = (await costsOf(who.token, target.publicId))!;
        expect(view.costs, who.name).not.toBeNull();
        expect(view.costTotals, who.name).not.toBeNull();
        expect(view.costsCsvPath, who.name).toBe(`/api/projects/${target.publicId}/costs.csv`);
        expect(dataOf(await ask<{ node: { id: string } | null }>(who.token, NODE, { id: seed.id })).node, who.name).toEqual({ id: seed.id, description: 'Seed' });
        expect((await csv(who.token, target.publicId)).status, who.name).toBe(200);
        const mine = await added(who.token!, target.id, { description: `By ${who.name}` });
        expect(dataOf(await ask<{ updateProjectCost: { cost: CostView } }>(who.token, UPDATE, { input: { costId: mine.id, paid: true } })).updateProjectCost.cost.paid, who.name).toBe(true);
        expect(dataOf(await ask<{ deleteProjectCost: { deletedCostId: string } }>(who.token, DELETE, { input: { costId: mine.id } })).deleteProjectCost.deletedCostId, who.name).toBe(mine.id);
        expect(errorOf(await ask(who.token, BUDGET, { input: { projectId: target.id, amount: 1000, currency: 'EUR' } })), who.name).toBeUndefined();
      }
      for (const who of refused) {
        const view = (await costsOf(who.token, target.publicId))!;
        expect(view, who.name).toEqual({ viewerCan: { seeCosts: false }, costsCsvPath: null, costs: null, costTotals: null });
        expect(dataOf(await ask<{ node: unknown }>(who.token, NODE, { id: seed.id })).node, who.name).toBeNull();
        expect((await csv(who.token, target.publicId)).status, who.name).toBe(404);
        expect(errorOf(await addCost(who.token, target.id, {}))?.code, who.name).toBe('FORBIDDEN');
        expect(errorOf(await ask(who.token, BUDGET, { input: { projectId: target.id, amount: 1, currency: 'EUR' } }))?.code, who.name).toBe('FORBIDDEN');
        expect(errorOf(await ask(who.token, UPDATE, { input: { costId: seed.id, paid: true } })), who.name).toEqual({ message: COST_MESSAGES.costNotFound, code: 'NOT_FOUND' });
        expect(errorOf(await ask(who.token, DELETE, { input: { costId: seed.id } })), who.name).toEqual({ message: COST_MESSAGES.costNotFound, code: 'NOT_FOUND' });
      }
      for (const who of unseen) {
        expect(await costsOf(who.token, target.publicId), who.name).toBeNull();
        expect(dataOf(await ask<{ node: unknown }>(who.token, NODE, { id: seed.id })).node, who.name).toBeNull();
        expect((await csv(who.token, target.publicId)).status, who.name).toBe(404);
        expect(errorOf(await addCost(who.token, target.id, {})), who.name).toEqual({ message: PROJECT_MESSAGES.projectNotFound, code: 'NOT_FOUND' });
        expect(errorOf(await ask(who.token, UPDATE, { input: { costId: seed.id, paid: true } })), who.name).toEqual({ message: COST_MESSAGES.costNotFound, code: 'NOT_FOUND' });
      }
      // Nothing the refused tried changed anything.
      expect((await costRows(databaseIdOf(target.id))).map((row) => row.description)).toEqual(['Seed']);
    }

    // Signed out, on a public project: no costs anywhere, and no changes.
    expect(await costsOf(undefined, open.publicId)).toEqual({ viewerCan: { seeCosts: false }, costsCsvPath: null, costs: null, costTotals: null });
    const [seed] = (await costsOf(owner.token, open.publicId))!.costs!.nodes;
    expect(dataOf(await ask<{ node: unknown }>(undefined, NODE, { id: seed!.id })).node).toBeNull();
    const signedOut = await csv(undefined, open.publicId);
    expect(signedOut.status).toBe(404);
    expect(await signedOut.json()).toMatchObject({ success: false, message: PROJECT_MESSAGES.projectNotFound });
    expect(errorOf(await addCost(undefined, open.id, {}))?.code).toBe('UNAUTHENTICATED');
    expect(errorOf(await ask(undefined, DELETE, { input: { costId: seed!.id } }))?.code).toBe('UNAUTHENTICATED');
    expect((await csv(undefined, 'not-an-id')).status).toBe(404);
  });
});

describe('the CSV export', () => {
  it('writes one escaped row per cost with amounts in each currency’s decimals, defused against formulas', async () => {
    const owner = await person();
    const { id, publicId, slug } = await project(owner.token, { name: 'Export me' });
    const crew = await joined(owner.token, id, 'VIEWER', { name: 'Ana "DP" Ruiz' });
    await added(owner.token, id, { description: 'Gaffer, day rate', amount: 1234, quantity: 3, paid: true, payeeCollaboratorId: crew.collaboratorId });
    await added(owner.token, id, { category: 'POST_PRODUCTION', description: '=HYPERLINK("http://evil.example")', amount: 5, currency: 'KWD', vendorName: '@vendor' });
    await added(owner.token, id, { category: 'TRAVEL', description: '-2 days  then\nhome', amount: 14720, currency: 'JPY', vendorName: '+Rail' });
    await added(owner.token, id, { category: 'LICENSING', description: 'Music', amount: 0, currency: 'EUR' });

    const response = await csv(owner.token, publicId);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${slug}-costs.csv"`);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await response.text()).toBe(
      [
        'Category,Description,Quantity,Unit amount,Total,Currency,Paid to,Paid',
        'Crew,"Gaffer, day rate",3,12.34,37.02,USD,"Ana ""DP"" Ruiz",Yes',
        `Post-production,"'=HYPERLINK(""http://evil.example"")",1,0.005,0.005,KWD,'@vendor,No`,
        // Whitespace is tidied when stored, so a line break never reaches a cell.
        "Travel,'-2 days then home,1,14720,14720,JPY,'+Rail,No",
        'Licensing,Music,1,0.00,0.00,EUR,,No',
        '',
      ].join('\r\n'),
    );
  });
});
