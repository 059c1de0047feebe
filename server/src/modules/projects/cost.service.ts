import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  budgetStanding,
  checkCostDescription,
  checkCostLine,
  checkCurrency,
  COST_MESSAGES,
  costsCsv,
  MAX_BUDGET_AMOUNT,
  MAX_COST_VENDOR_NAME_LENGTH,
  MAX_COSTS_PER_PROJECT,
  totalCosts,
  type BudgetStanding,
  type CostCategory,
  type CostCsvRow,
  type CurrencyTotal,
} from '../../../../domain/project-costs.js';
import { projectAbilities, PROJECT_MESSAGES } from '../../../../domain/projects.js';
import { Forbidden, InvalidInput, NotFound } from '../../errors/app-errors.js';
import { auditViewer, recordAudit } from '../audit/index.js';
import { User } from '../users/index.js';
import type { Viewer } from '../users/index.js';
import { ProjectCost } from './cost.entity.js';
import { Project, ProjectCollaborator } from './project.entity.js';
import { findProjectByPublicId, viewerAccess } from './project.service.js';
import type { ProjectView } from './project.view.js';

/** What a cost's form sends; on an update, an absent field is left as it is. */
export interface CostChanges {
  category?: CostCategory;
  description?: string;
  amount?: number;
  currency?: string;
  quantity?: number;
  /** A collaborator of the same project; null clears it. */
  payeeCollaboratorId?: number | null;
  /** null clears it. */
  vendorName?: string | null;
  paid?: boolean;
}

/** Whether the viewer may see (and so change) the project's costs: owners and editors (docs/product.md §Projects). */
export async function maySeeCosts(em: EntityManager, viewer: Viewer | null, project: ProjectView): Promise<boolean> {
  return projectAbilities(await viewerAccess(em, viewer, project)).seeCosts;
}

/**
 * The project when the viewer may work with its costs. Someone who may not see the project hears
 * it does not exist; someone who may (a viewer, an admin, a visitor of a public project) is refused.
 */
async function requireCostsOf(tx: EntityManager, viewer: Viewer, projectId: number): Promise<Project> {
  // Locked: the per-project cap and the budget are checked against what is there now.
  const project = await tx.findOne(Project, projectId, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!project) throw new NotFound(PROJECT_MESSAGES.projectNotFound);
  const access = await viewerAccess(tx, viewer, project);
  if (!projectAbilities(access).see) throw new NotFound(PROJECT_MESSAGES.projectNotFound);
  if (!projectAbilities(access).seeCosts) throw new Forbidden();
  return project;
}

/** A cost the viewer may see; anything else, theirs to see or not, is "not found" (a cost's existence is private too). */
async function requireCost(tx: EntityManager, viewer: Viewer, costId: number): Promise<{ cost: ProjectCost; project: Project }> {
  const cost = await tx.findOne(ProjectCost, costId);
  if (!cost) throw new NotFound(COST_MESSAGES.costNotFound);
  const project = await tx.findOne(Project, cost.project.id, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!project || !(await maySeeCosts(tx, viewer, project))) throw new NotFound(COST_MESSAGES.costNotFound);
  return { cost, project };
}

function vendorOrThrow(raw: string | null): string | null {
  const name = raw?.trim().replace(/\s+/g, ' ') || null;
  if (name && name.length > MAX_COST_VENDOR_NAME_LENGTH) throw new InvalidInput(COST_MESSAGES.vendorNameTooLong, { field: 'vendorName' });
  return name;
}

/** Applies a form's changes to a cost, checking each; the payee is a collaborator or a vendor, never both. */
async function applyCostChanges(tx: EntityManager, cost: ProjectCost, changes: CostChanges): Promise<void> {
  if (changes.category !== undefined) cost.category = changes.category;
  if (changes.description !== undefined) {
    const checked = checkCostDescription(changes.description);
    if ('error' in checked) throw new InvalidInput(checked.error, { field: 'description' });
    cost.description = checked.description;
  }
  if (changes.currency !== undefined) {
    const currency = checkCurrency(changes.currency);
    if (!currency) throw new InvalidInput(COST_MESSAGES.currencyUnknown, { field: 'currency' });
    cost.currency = currency;
  }
  if (changes.amount !== undefined) cost.amount = changes.amount;
  if (changes.quantity !== undefined) cost.quantity = changes.quantity;
  const lineError = checkCostLine(cost.amount, cost.quantity);
  if (lineError) throw new InvalidInput(lineError, { field: lineError === COST_MESSAGES.quantityInvalid ? 'quantity' : 'amount' });
  if (changes.payeeCollaboratorId !== undefined && changes.payeeCollaboratorId !== null && changes.vendorName !== undefined && changes.vendorName !== null) {
    throw new InvalidInput(COST_MESSAGES.onePayee, { field: 'vendorName' });
  }
  if (changes.payeeCollaboratorId !== undefined) {
    if (changes.payeeCollaboratorId === null) cost.payeeCollaborator = null;
    else {
      const payee = await tx.findOne(ProjectCollaborator, { id: changes.payeeCollaboratorId, project: cost.project.id }, { fields: ['id'] });
      if (!payee) throw new InvalidInput(COST_MESSAGES.payeeNotInProject, { field: 'payeeCollaboratorId' });
      cost.payeeCollaborator = tx.getReference(ProjectCollaborator, payee.id, { wrapped: true });
      cost.vendorName = null;
    }
  }
  if (changes.vendorName !== undefined) {
    cost.vendorName = vendorOrThrow(changes.vendorName);
    if (cost.vendorName !== null) cost.payeeCollaborator = null;
  }
  if (changes.paid !== undefined) cost.paid = changes.paid;
}

/** The fields an audit entry keeps of a cost: its numbers, not its free text. */
function auditedCost(cost: ProjectCost): Record<string, unknown> {
  return { projectId: cost.project.id, category: cost.category, amount: cost.amount, currency: cost.currency, quantity: cost.quantity, paid: cost.paid, payeeCollaboratorId: cost.payeeCollaborator?.id ?? null };
}

/** Adds a line to a project's costs: owners and editors. */
export async function createCost(em: EntityManager, viewer: Viewer, projectId: number, changes: CostChanges & Required<Pick<CostChanges, 'category' | 'description' | 'amount' | 'currency'>>): Promise<{ cost: ProjectCost; project: Project }> {
  return em.transactional(async (tx) => {
    const project = await requireCostsOf(tx, viewer, projectId);
    if ((await tx.count(ProjectCost, { project: project.id })) >= MAX_COSTS_PER_PROJECT) throw new InvalidInput(COST_MESSAGES.tooManyCosts);
    const cost = tx.create(ProjectCost, {
      project,
      category: changes.category,
      description: '',
      amount: 0,
      currency: 'USD',
      quantity: changes.quantity ?? 1,
      createdBy: tx.getReference(User, viewer.user.id, { wrapped: true }),
    });
    await applyCostChanges(tx, cost, changes);
    project.lastActivityAt = new Date();
    await tx.flush();
    recordAudit(tx, auditViewer(viewer), { action: 'create', target: 'project_costs', targetId: cost.id, fields: auditedCost(cost) });
    await tx.flush();
    return { cost, project };
  });
}

/** Changes a line of a project's costs: owners and editors. */
export async function updateCost(em: EntityManager, viewer: Viewer, costId: number, changes: CostChanges): Promise<{ cost: ProjectCost; project: Project }> {
  return em.transactional(async (tx) => {
    const { cost, project } = await requireCost(tx, viewer, costId);
    await applyCostChanges(tx, cost, changes);
    project.lastActivityAt = new Date();
    recordAudit(tx, auditViewer(viewer), { action: 'update', target: 'project_costs', targetId: cost.id, fields: { ...auditedCost(cost), changed: Object.keys(changes).filter((key) => changes[key as keyof CostChanges] !== undefined) } });
    await tx.flush();
    return { cost, project };
  });
}

/** Takes a line out of a project's costs: owners and editors. */
export async function deleteCost(em: EntityManager, viewer: Viewer, costId: number): Promise<{ cost: ProjectCost; project: Project }> {
  return em.transactional(async (tx) => {
    const { cost, project } = await requireCost(tx, viewer, costId);
    await tx.nativeDelete(ProjectCost, { id: cost.id });
    project.lastActivityAt = new Date();
    recordAudit(tx, auditViewer(viewer), { action: 'delete', target: 'project_costs', targetId: cost.id, fields: auditedCost(cost) });
    await tx.flush();
    return { cost, project };
  });
}

/** Sets a project's budget (an amount in one currency) or clears it (null): owners and editors. */
export async function setProjectBudget(em: EntityManager, viewer: Viewer, projectId: number, budget: { amount: number; currency: string } | null): Promise<Project> {
  return em.transactional(async (tx) => {
    const project = await requireCostsOf(tx, viewer, projectId);
    if (budget === null) {
      project.budgetAmount = null;
      project.budgetCurrency = null;
    } else {
      const currency = checkCurrency(budget.currency);
      if (!currency) throw new InvalidInput(COST_MESSAGES.currencyUnknown, { field: 'currency' });
      if (!Number.isSafeInteger(budget.amount) || budget.amount < 0 || budget.amount > MAX_BUDGET_AMOUNT) throw new InvalidInput(COST_MESSAGES.budgetInvalid, { field: 'amount' });
      project.budgetAmount = budget.amount;
      project.budgetCurrency = currency;
    }
    project.lastActivityAt = new Date();
    recordAudit(tx, auditViewer(viewer), { action: 'update', target: 'projects', targetId: project.id, fields: { budgetAmount: project.budgetAmount, budgetCurrency: project.budgetCurrency } });
    await tx.flush();
    return project;
  });
}

export interface CostTotals {
  currencies: CurrencyTotal[];
  budget: BudgetStanding | null;
}

interface SumRow {
  project_id: number;
  currency: string;
  category: CostCategory;
  paid: boolean;
  total: string;
}

/** The sums behind costTotals for every project of a response, in one grouped query. */
export async function sumCosts(em: EntityManager, projectIds: readonly number[]): Promise<Map<number, CurrencyTotal[]>> {
  const rows = await em.execute<SumRow[]>(
    `select c."project_id", c."currency", c."category", c."paid", sum(c."amount" * c."quantity") as "total"
       from "project_costs" c where c."project_id" in (?) group by c."project_id", c."currency", c."category", c."paid"`,
    [[...projectIds]],
  );
  const byProject = new Map<number, SumRow[]>();
  for (const row of rows) byProject.set(Number(row.project_id), [...(byProject.get(Number(row.project_id)) ?? []), row]);
  return new Map(
    projectIds.map((id) => [id, totalCosts((byProject.get(id) ?? []).map((row) => ({ currency: row.currency, category: row.category, paid: row.paid, amount: Number(row.total), quantity: 1 })))]),
  );
}

/** The totals of a loaded project, with its budget against the costs in the budget's currency. */
export function costTotalsOf(project: Pick<ProjectView, 'budgetAmount' | 'budgetCurrency'>, currencies: CurrencyTotal[]): CostTotals {
  const budget = project.budgetAmount !== null && project.budgetCurrency !== null ? budgetStanding({ amount: project.budgetAmount, currency: project.budgetCurrency }, currencies) : null;
  return { currencies, budget };
}

interface CsvRow {
  category: CostCategory;
  description: string;
  amount: string;
  currency: string;
  quantity: number;
  paid: boolean;
  vendor_name: string | null;
  payee_id: number | null;
  user_name: string | null;
  username: string | null;
}

/**
 * A project's costs as CSV (GET /api/projects/{publicId}/costs.csv), oldest first, with the
 * project, or null when the viewer may not see its costs (answered as "not found", as GraphQL
 * answers null). A collaborator is named by their name or username; an email invitee as such,
 * never by the address.
 */
export async function exportCostsCsv(em: EntityManager, viewer: Viewer | null, publicId: string): Promise<{ project: ProjectView; csv: string } | null> {
  const found = await findProjectByPublicId(em, viewer, publicId);
  if (!found || !projectAbilities(found.access).seeCosts) return null;
  const rows = await em.execute<CsvRow[]>(
    `select c."category", c."description", c."amount", c."currency", c."quantity", c."paid", c."vendor_name", pc."id" as "payee_id", u."name" as "user_name", u."username"
       from "project_costs" c
       left join "project_collaborators" pc on pc."id" = c."payee_collaborator_id"
       left join "users" u on u."id" = pc."user_id"
      where c."project_id" = ? order by c."id"`,
    [found.project.id],
  );
  const csvRows: CostCsvRow[] = rows.map((row) => ({
    category: row.category,
    description: row.description,
    amount: Number(row.amount),
    currency: row.currency,
    quantity: row.quantity,
    paid: row.paid,
    paidTo: row.vendor_name ?? (row.payee_id === null ? '' : (row.user_name ?? row.username ?? 'Invited collaborator')),
  }));
  return { project: found.project, csv: costsCsv(csvRows) };
}
