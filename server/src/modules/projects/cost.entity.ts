import { BigIntType, OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { GraphQLSafeInt } from 'graphql-scalars';
import { Field, Int, ObjectType } from 'type-graphql';
import type { CostCategory } from '../../../../domain/project-costs.js';
import { Node } from '../../graphql/node.js';
import { User } from '../users/index.js';
import { ProjectCostCategoryEnum } from './cost.enums.js';
import { Project, ProjectCollaborator } from './project.entity.js';

/**
 * One line of a project's costs (docs/product.md §Projects): an amount in whole minor units of
 * its currency, times a quantity, paid to a collaborator, to a vendor, or to nobody named yet.
 * Seen by the project's owners and editors only; the payee is resolved in cost.resolver.ts, batched.
 */
@ObjectType('ProjectCost', { implements: Node, description: 'A line of a project’s costs. Only the project’s owners and editors see costs.' })
@Entity({ tableName: 'project_costs' })
@Index({ name: 'project_costs_project_id_index', properties: ['project', 'id'] })
@Index({ name: 'project_costs_payee_collaborator_index', properties: ['payeeCollaborator'] })
export class ProjectCost {
  [OptionalProps]?: 'paid' | 'createdAt' | 'updatedAt' | 'payeeCollaborator' | 'vendorName' | 'createdBy';

  @Field(() => Int, { name: 'databaseId', description: 'The cost line’s number in the REST API.' })
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => Project, { ref: true, deleteRule: 'cascade' })
  project!: Ref<Project>;

  @Field(() => ProjectCostCategoryEnum, { description: 'What it pays for.' })
  @Property({ type: 'string', length: 24 })
  category!: CostCategory;

  @Field(() => String, { description: '1 to 200 characters.' })
  @Property({ type: 'string', length: 200 })
  description!: string;

  @Field(() => GraphQLSafeInt, { description: 'The price of one, in whole minor units of currency (cents for USD, yen for JPY, fils for KWD): never a fraction.' })
  @Property({ type: new BigIntType('number'), columnType: 'bigint' })
  amount!: number;

  @Field(() => String, { description: 'The ISO 4217 code, e.g. USD. See currencyExponent for its decimal places.' })
  @Property({ type: 'string', columnType: 'char(3)' })
  currency!: string;

  @Field(() => Int, { description: 'How many: 1 to 100,000.' })
  @Property({ type: 'integer' })
  quantity!: number;

  @ManyToOne(() => ProjectCollaborator, { ref: true, nullable: true, deleteRule: 'set null' })
  payeeCollaborator: Ref<ProjectCollaborator> | null = null;

  @Field(() => String, { nullable: true, description: 'Who was paid when it is not a collaborator: a company or person’s name.' })
  @Property({ type: 'string', length: 120, nullable: true })
  vendorName: string | null = null;

  @Field(() => Boolean, { description: 'Whether it has been paid.' })
  @Property({ type: 'boolean', default: false })
  paid: boolean = false;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  createdBy: Ref<User> | null = null;

  @Field(() => Date, { description: 'When the line was added (UTC); the costs list and the CSV are oldest first by this.' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Field(() => Date, { description: 'When the line last changed (UTC).' })
  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
