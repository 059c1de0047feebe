import { GraphQLSafeInt } from 'graphql-scalars';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { CostCategory } from '../../../../domain/project-costs.js';
import { connectionType } from '../../graphql/connection.js';
import { ProjectCost } from './cost.entity.js';
import { ProjectCostCategoryEnum } from './cost.enums.js';
import { Project } from './project.entity.js';

export const ProjectCostConnection = connectionType('ProjectCost', ProjectCost, { totalCount: true });

@ObjectType('ProjectCostCategoryTotal', { description: 'The costs of one category in one currency.' })
export class ProjectCostCategoryTotal {
  @Field(() => ProjectCostCategoryEnum, { description: 'The category these costs pay for.' }) category!: CostCategory;
  @Field(() => GraphQLSafeInt, { description: 'Sum of amount × quantity, in minor units.' }) total!: number;
}

@ObjectType('ProjectCurrencyTotal', { description: 'A project’s costs in one currency. Currencies are totalled apart, never converted.' })
export class ProjectCurrencyTotal {
  @Field(() => String, { description: 'The ISO 4217 code.' }) currency!: string;
  @Field(() => Int, { description: 'Decimal places of the currency’s minor unit: 2 for USD (1234 is 12.34), 0 for JPY, 3 for KWD.' }) currencyExponent!: number;
  @Field(() => GraphQLSafeInt, { description: 'Sum of amount × quantity, in minor units.' }) total!: number;
  @Field(() => GraphQLSafeInt, { description: 'The part of total marked paid.' }) paid!: number;
  @Field(() => GraphQLSafeInt, { description: 'The part of total not yet paid.' }) unpaid!: number;
  @Field(() => [ProjectCostCategoryTotal], { description: 'Per category with costs, in the order of ProjectCostCategory: at most one per category.' }) categories!: ProjectCostCategoryTotal[];
}

@ObjectType('ProjectBudget', { description: 'A project’s budget against its costs in the budget’s currency.' })
export class ProjectBudget {
  @Field(() => GraphQLSafeInt, { description: 'The budget, in minor units of currency.' }) amount!: number;
  @Field(() => String, { description: 'The ISO 4217 code.' }) currency!: string;
  @Field(() => Int, { description: 'Decimal places of the currency’s minor unit.' }) currencyExponent!: number;
  @Field(() => GraphQLSafeInt, { description: 'The costs in the budget’s currency (amount × quantity, paid or not); costs in other currencies are not counted.' }) actual!: number;
  @Field(() => GraphQLSafeInt, { description: 'amount − actual: negative when over budget.' }) remaining!: number;
}

@ObjectType('ProjectCostTotals', { description: 'A project’s costs added up: per currency, per category, and against the budget.' })
export class ProjectCostTotals {
  @Field(() => ProjectBudget, { nullable: true, description: 'Null when no budget is set.' }) budget!: ProjectBudget | null;
  @Field(() => [ProjectCurrencyTotal], { description: 'One per currency the costs are in, by code: at most one per known currency.' }) currencies!: ProjectCurrencyTotal[];
}

@InputType('CreateProjectCostInput', { description: 'A new cost line of a project: what it pays for, its amount in minor units, currency, quantity and payee.' })
export class CreateProjectCostInput {
  @Field(() => ID, { description: 'The project’s global id.' }) projectId!: string;
  @Field(() => ProjectCostCategoryEnum, { description: 'What it pays for. A project holds at most 1,000 cost lines.' }) category!: CostCategory;
  @Field(() => String, { description: '1 to 200 characters.' }) description!: string;
  @Field(() => GraphQLSafeInt, { description: 'The price of one, in whole minor units of currency (1234 USD is 12.34), 0 or more.' }) amount!: number;
  @Field(() => String, { description: 'An ISO 4217 code, e.g. USD, EUR, JPY.' }) currency!: string;
  @Field(() => Int, { nullable: true, description: '1 to 100,000; 1 when not given. amount × quantity is at most 10^12.' }) quantity?: number | null;
  @Field(() => ID, { nullable: true, description: 'A ProjectCollaborator’s global id in the same project: who is paid. Give this or vendorName, or neither.' }) payeeCollaboratorId?: string | null;
  @Field(() => String, { nullable: true, description: 'Who is paid when not a collaborator: at most 120 characters.' }) vendorName?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'False when not given.' }) paid?: boolean | null;
}

@ObjectType('CreateProjectCostPayload', { description: 'The cost added and its project.' })
export class CreateProjectCostPayload {
  @Field(() => ProjectCost, { description: 'The new cost line.' }) cost!: ProjectCost;
  @Field(() => Project, { description: 'The project, for its new totals.' }) project!: Project;
}

@InputType('UpdateProjectCostInput', { description: 'A field left out stays as it is; null clears the payee or vendor. Setting a payee clears the vendor, and the other way round.' })
export class UpdateProjectCostInput {
  @Field(() => ID, { description: 'The ProjectCost’s global id.' }) costId!: string;
  @Field(() => ProjectCostCategoryEnum, { nullable: true, description: 'What it pays for.' }) category?: CostCategory | null;
  @Field(() => String, { nullable: true, description: '1 to 200 characters.' }) description?: string | null;
  @Field(() => GraphQLSafeInt, { nullable: true, description: 'The price of one, in whole minor units of currency, 0 or more; amount × quantity is at most 10^12.' }) amount?: number | null;
  @Field(() => String, { nullable: true, description: 'An ISO 4217 code, e.g. USD, EUR, JPY.' }) currency?: string | null;
  @Field(() => Int, { nullable: true, description: 'How many: 1 to 100,000.' }) quantity?: number | null;
  @Field(() => ID, { nullable: true, description: 'A ProjectCollaborator’s global id in the same project: who is paid. Null clears it.' }) payeeCollaboratorId?: string | null;
  @Field(() => String, { nullable: true, description: 'Who is paid when not a collaborator: at most 120 characters. Null clears it.' }) vendorName?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Whether it has been paid.' }) paid?: boolean | null;
}

@ObjectType('UpdateProjectCostPayload', { description: 'The cost after the change and its project.' })
export class UpdateProjectCostPayload {
  @Field(() => ProjectCost, { description: 'The cost line, as it now is.' }) cost!: ProjectCost;
  @Field(() => Project, { description: 'The project, for its new totals.' }) project!: Project;
}

@InputType('DeleteProjectCostInput', { description: 'The cost line to delete.' })
export class DeleteProjectCostInput {
  @Field(() => ID, { description: 'The ProjectCost’s global id.' }) costId!: string;
}

@ObjectType('DeleteProjectCostPayload', { description: 'Which cost was deleted, and its project.' })
export class DeleteProjectCostPayload {
  @Field(() => ID, { description: 'The global id the ProjectCost had, to drop it from a client’s cache.' }) deletedCostId!: string;
  @Field(() => Project, { description: 'The project, for its new totals.' }) project!: Project;
}

@InputType('SetProjectBudgetInput', { description: 'An amount and a currency together, or both null to clear the budget.' })
export class SetProjectBudgetInput {
  @Field(() => ID, { description: 'The project’s global id.' }) projectId!: string;
  @Field(() => GraphQLSafeInt, { nullable: true, description: 'Whole minor units of currency, 0 or more.' }) amount?: number | null;
  @Field(() => String, { nullable: true, description: 'An ISO 4217 code.' }) currency?: string | null;
}

@ObjectType('SetProjectBudgetPayload', { description: 'The project with its budget as now set.' })
export class SetProjectBudgetPayload {
  @Field(() => Project, { description: 'The project; read costTotals.budget for the budget against its costs.' }) project!: Project;
}
