import { Arg, Args, Ctx, FieldResolver, Int, Mutation, Resolver, Root } from 'type-graphql';
import { currencyExponent } from '../../../../domain/project-costs.js';
import { childConnection } from '../../graphql/child-connections.js';
import type { Connection } from '../../graphql/connection.js';
import { parseGlobalId, toGlobalId } from '../../graphql/global-id.js';
import { InvalidInput } from '../../errors/app-errors.js';
import { PageArgs, readKeysetPage } from '../../graphql/pagination.js';
import { GraphQLSafeInt } from 'graphql-scalars';
import { requireViewer } from '../users/index.js';
import type { RequestContext } from '../users/index.js';
import { ProjectCost } from './cost.entity.js';
import { forgetCostTotals, loadCostTotals, loadPayee } from './cost.loaders.js';
import { costTotalsOf, createCost, deleteCost, maySeeCosts, setProjectBudget, updateCost, type CostChanges } from './cost.service.js';
import {
  CreateProjectCostInput,
  CreateProjectCostPayload,
  DeleteProjectCostInput,
  DeleteProjectCostPayload,
  ProjectCostConnection,
  ProjectCostTotals,
  SetProjectBudgetInput,
  SetProjectBudgetPayload,
  UpdateProjectCostInput,
  UpdateProjectCostPayload,
} from './cost.types.js';
import { COST_MESSAGES } from '../../../../domain/project-costs.js';
import { Project, ProjectCollaborator } from './project.entity.js';
import type { ProjectView } from './project.view.js';

// Oldest first, as a budget sheet reads.
const COSTS = { name: 'project-costs', entity: ProjectCost, table: 'project_costs', parentColumn: 'project_id', order: 'asc' } as const;

/** A form's fields as service changes: only the fields sent; a null that cannot mean "clear" is left out. */
function readCostChanges(input: CreateProjectCostInput | UpdateProjectCostInput): CostChanges {
  const changes: CostChanges = {};
  if (input.category) changes.category = input.category;
  if (input.description !== undefined && input.description !== null) changes.description = input.description;
  if (input.amount !== undefined && input.amount !== null) changes.amount = input.amount;
  if (input.currency !== undefined && input.currency !== null) changes.currency = input.currency;
  if (input.quantity !== undefined && input.quantity !== null) changes.quantity = input.quantity;
  if (input.payeeCollaboratorId !== undefined) changes.payeeCollaboratorId = input.payeeCollaboratorId === null ? null : parseGlobalId(input.payeeCollaboratorId, 'ProjectCollaborator');
  if (input.vendorName !== undefined) changes.vendorName = input.vendorName;
  if (input.paid !== undefined && input.paid !== null) changes.paid = input.paid;
  return changes;
}

/**
 * A project's costs and budget (docs/product.md §Projects): fields on Project that answer null
 * to anyone but its owners and editors, and the mutations that change them.
 */
@Resolver(() => Project)
export class ProjectCostsResolver {
  @FieldResolver(() => ProjectCostConnection, { nullable: true, description: 'The project’s costs, oldest first. Null unless the viewer may see costs (viewerCan.seeCosts: owners and editors).' })
  async costs(@Root() project: ProjectView, @Args(() => PageArgs) page: PageArgs, @Ctx() { em, viewer }: RequestContext): Promise<Connection<ProjectCost> | null> {
    if (!(await maySeeCosts(em, viewer, project))) return null;
    return childConnection(em, COSTS, project.id, readKeysetPage(page));
  }

  @FieldResolver(() => ProjectCostTotals, { nullable: true, description: 'The costs added up per currency and category, and the budget against them. Null unless the viewer may see costs.' })
  async costTotals(@Root() project: ProjectView, @Ctx() { em, viewer }: RequestContext): Promise<ProjectCostTotals | null> {
    if (!(await maySeeCosts(em, viewer, project))) return null;
    const totals = costTotalsOf(project, await loadCostTotals(em, project.id));
    return {
      budget: totals.budget ? { ...totals.budget, currencyExponent: currencyExponent(totals.budget.currency) } : null,
      currencies: totals.currencies.map((entry) => ({ ...entry, currencyExponent: currencyExponent(entry.currency), unpaid: entry.total - entry.paid })),
    };
  }

  @FieldResolver(() => String, { nullable: true, description: 'Where to download the costs as CSV (GET, same session or token as the API). Null unless the viewer may see costs.' })
  async costsCsvPath(@Root() project: ProjectView, @Ctx() { em, viewer }: RequestContext): Promise<string | null> {
    return (await maySeeCosts(em, viewer, project)) ? `/api/projects/${project.publicId}/costs.csv` : null;
  }

  @Mutation(() => CreateProjectCostPayload, { description: 'Adds a cost to a project: owners and editors.' })
  async createProjectCost(@Arg('input', () => CreateProjectCostInput, { description: 'The project and the new cost line.' }) input: CreateProjectCostInput, @Ctx() context: RequestContext): Promise<CreateProjectCostPayload> {
    const viewer = requireViewer(context);
    const changes = readCostChanges(input);
    const created = await createCost(context.em, viewer, parseGlobalId(input.projectId, 'Project'), { ...changes, category: input.category, description: input.description, amount: input.amount, currency: input.currency });
    forgetCostTotals(context.em);
    return created;
  }

  @Mutation(() => UpdateProjectCostPayload, { description: 'Changes a cost: owners and editors of its project.' })
  async updateProjectCost(@Arg('input', () => UpdateProjectCostInput, { description: 'The cost line and what changes.' }) input: UpdateProjectCostInput, @Ctx() context: RequestContext): Promise<UpdateProjectCostPayload> {
    const viewer = requireViewer(context);
    const updated = await updateCost(context.em, viewer, parseGlobalId(input.costId, 'ProjectCost'), readCostChanges(input));
    forgetCostTotals(context.em);
    return updated;
  }

  @Mutation(() => DeleteProjectCostPayload, { description: 'Deletes a cost: owners and editors of its project.' })
  async deleteProjectCost(@Arg('input', () => DeleteProjectCostInput, { description: 'The cost line to delete.' }) input: DeleteProjectCostInput, @Ctx() context: RequestContext): Promise<DeleteProjectCostPayload> {
    const viewer = requireViewer(context);
    const { cost, project } = await deleteCost(context.em, viewer, parseGlobalId(input.costId, 'ProjectCost'));
    forgetCostTotals(context.em);
    return { deletedCostId: toGlobalId('ProjectCost', cost.id), project };
  }

  @Mutation(() => SetProjectBudgetPayload, { description: 'Sets or clears a project’s budget: owners and editors.' })
  async setProjectBudget(@Arg('input', () => SetProjectBudgetInput, { description: 'The project and its budget, or nulls to clear it.' }) input: SetProjectBudgetInput, @Ctx() context: RequestContext): Promise<SetProjectBudgetPayload> {
    const viewer = requireViewer(context);
    const amount = input.amount ?? null;
    const currency = input.currency ?? null;
    if ((amount === null) !== (currency === null)) throw new InvalidInput(COST_MESSAGES.budgetNeedsCurrency, { field: amount === null ? 'amount' : 'currency' });
    const project = await setProjectBudget(context.em, viewer, parseGlobalId(input.projectId, 'Project'), amount === null || currency === null ? null : { amount, currency });
    forgetCostTotals(context.em);
    return { project };
  }
}

@Resolver(() => ProjectCost)
export class ProjectCostResolver {
  @FieldResolver(() => GraphQLSafeInt, { description: 'amount × quantity, in minor units.' })
  lineTotal(@Root() cost: ProjectCost): number {
    return cost.amount * cost.quantity;
  }

  @FieldResolver(() => Int, { description: 'Decimal places of the currency’s minor unit: 2 for USD (1234 is 12.34), 0 for JPY, 3 for KWD.' })
  currencyExponent(@Root() cost: ProjectCost): number {
    return currencyExponent(cost.currency);
  }

  @FieldResolver(() => ProjectCollaborator, { nullable: true, description: 'The collaborator paid, when it is one (see vendorName otherwise). Cleared if they leave the project.' })
  async payeeCollaborator(@Root() cost: ProjectCost, @Ctx() { em }: RequestContext): Promise<ProjectCollaborator | null> {
    return cost.payeeCollaborator ? loadPayee(em, cost.payeeCollaborator.id) : null;
  }
}
