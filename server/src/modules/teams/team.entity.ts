import { Collection, OptionalProps } from '@mikro-orm/core';
import { Entity, OneToMany, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { Node } from '../../graphql/node.js';
import { TeamPlanEnum, TeamStatusEnum } from './team.enums.js';
import type { TeamPlan, TeamStatus } from '../../../../domain/enums.js';
import { TeamMember } from './team-member.entity.js';

/** A team shares accounts, reports and job postings. It starts inactive with no members (docs/product.md §Teams). */
@ObjectType('Team', { implements: Node, description: 'A team: shared accounts, seats, reports and job postings.' })
@Entity({ tableName: 'teams' })
export class Team {
  [OptionalProps]?: 'status' | 'isHeroModeEnabled' | 'createdAt';

  @Field(() => Int, { name: 'databaseId', description: 'The team’s number in page links (/teams/{databaseId}/billing) and the REST API.' })
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Field(() => String, { description: 'The team’s name, 1 to 120 characters; seen by its members and admins.' })
  @Property({ type: 'string', length: 120 })
  name!: string;

  @Field(() => TeamStatusEnum, { description: 'ACTIVE once the team is paid for; a new team is INACTIVE and its tools ask for a Teams subscription.' })
  @Property({ type: 'string', length: 16, default: 'inactive' })
  status: TeamStatus = 'inactive';

  @Field(() => TeamPlanEnum, { nullable: true, description: 'Null until the team chooses a plan.' })
  @Property({ type: 'string', length: 16, nullable: true })
  plan: TeamPlan | null = null;

  @Property({ type: 'datetime', nullable: true })
  externalInvoiceExpiration: Date | null = null;

  @Property({ type: 'string', length: 32, nullable: true })
  subscriptionStatus: string | null = null;

  @Field(() => Boolean, { description: 'A plan setting kept with the team’s billing record; false unless set there, and no Byline feature depends on it yet.' })
  @Property({ type: 'boolean', default: false })
  isHeroModeEnabled: boolean = false;

  @OneToMany(() => TeamMember, (member) => member.team)
  members = new Collection<TeamMember>(this);

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
