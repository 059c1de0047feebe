import { BigIntType, OptionalProps, type Ref } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import type { CollaboratorPermission, CollaboratorStatus, ProjectStatus, ProjectVisibility } from '../../../../domain/projects.js';
import { Node } from '../../graphql/node.js';
import { CreditRole } from '../credits/index.js';
import { Team } from '../teams/index.js';
import { User } from '../users/index.js';
import { ProjectCollaboratorStatusEnum, ProjectPermissionEnum, ProjectStatusEnum, ProjectVisibilityEnum } from './project.enums.js';

/**
 * A production's plan: its people now, its concepts, deliverables and costs later
 * (docs/product.md §Projects). Owned by exactly one person or one team (a CHECK in the migration).
 * Owner, client and collaborators are resolved in project.resolver.ts, batched.
 */
@ObjectType('Project', { implements: Node, description: 'A production: its client, dates, status and the people making it.' })
@Entity({ tableName: 'projects' })
@Index({ name: 'projects_owner_user_activity_index', properties: ['ownerUser', 'lastActivityAt'] })
@Index({ name: 'projects_owner_team_activity_index', properties: ['ownerTeam', 'lastActivityAt'] })
@Index({ name: 'projects_name_trgm_index', expression: 'create index "projects_name_trgm_index" on "projects" using gin ("name" gin_trgm_ops)' })
export class Project {
  [OptionalProps]?: 'status' | 'visibility' | 'createdAt' | 'updatedAt' | 'lastActivityAt' | 'clientUser' | 'clientName' | 'startsOn' | 'endsOn' | 'ownerUser' | 'ownerTeam' | 'budgetAmount' | 'budgetCurrency';

  @Field(() => Int, { name: 'databaseId', description: 'The project’s number in the REST API; page links use publicId.' })
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Field(() => String, { description: 'Short, random and permanent: the first part of the project’s address.' })
  @Unique({ name: 'projects_public_id_unique' })
  @Property({ type: 'string', length: 10 })
  publicId!: string;

  @Field(() => String, { description: '1 to 120 characters.' })
  @Property({ type: 'string', length: 120 })
  name!: string;

  @Field(() => String, { description: 'Follows the name; an old slug still finds the project (see projectByAddress).' })
  @Property({ type: 'string', length: 60 })
  slug!: string;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  clientUser: Ref<User> | null = null;

  @Property({ type: 'string', length: 120, nullable: true })
  clientName: string | null = null;

  @Field(() => String, { nullable: true, description: 'The first day, as YYYY-MM-DD.' })
  @Property({ type: 'string', columnType: 'date', nullable: true })
  startsOn: string | null = null;

  @Field(() => String, { nullable: true, description: 'The last day, as YYYY-MM-DD; never before startsOn.' })
  @Property({ type: 'string', columnType: 'date', nullable: true })
  endsOn: string | null = null;

  @Field(() => ProjectStatusEnum, { description: 'Where the project stands: PLANNING, IN_PRODUCTION, DELIVERED or ARCHIVED.' })
  @Property({ type: 'string', length: 16, default: 'planning' })
  status: ProjectStatus = 'planning';

  @Field(() => ProjectVisibilityEnum, { description: 'PRIVATE (its people only) or PUBLIC (anyone, signed out included, without costs).' })
  @Property({ type: 'string', length: 16, default: 'private' })
  visibility: ProjectVisibility = 'private';

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'cascade' })
  ownerUser: Ref<User> | null = null;

  @ManyToOne(() => Team, { ref: true, nullable: true, deleteRule: 'cascade' })
  ownerTeam: Ref<Team> | null = null;

  /** Minor units of budgetCurrency; both or neither are set. Not a field: only costTotals shows it, to those who see costs. */
  @Property({ type: new BigIntType('number'), columnType: 'bigint', nullable: true })
  budgetAmount: number | null = null;

  @Property({ type: 'string', columnType: 'char(3)', nullable: true })
  budgetCurrency: string | null = null;

  @Field(() => Date, { description: 'When the project was started (UTC).' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Field(() => Date, { description: 'When the project’s own record last changed (UTC); for the latest activity of any kind read lastActivityAt.' })
  @Property({ type: 'datetime', defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  @Field(() => Date, { description: 'When anything in the project last changed: the projects list is newest first by this.' })
  @Index({ name: 'projects_last_activity_index' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  lastActivityAt: Date = new Date();
}

/**
 * A person invited into a project: a user, or an email address until its owner joins (the
 * address is never shown as a name). One row per person per project.
 */
@ObjectType('ProjectCollaborator', { implements: Node, description: 'A person in a project, with their credit role and what they may do.' })
@Entity({ tableName: 'project_collaborators' })
@Unique({ name: 'project_collaborators_project_user_unique', properties: ['project', 'user'] })
@Index({ name: 'project_collaborators_project_id_index', properties: ['project', 'id'] })
@Index({ name: 'project_collaborators_user_status_index', properties: ['user', 'status'] })
@Index({
  name: 'project_collaborators_project_email_unique',
  expression: 'create unique index "project_collaborators_project_email_unique" on "project_collaborators" ("project_id", lower("invited_email")) where "invited_email" is not null',
})
export class ProjectCollaborator {
  [OptionalProps]?: 'status' | 'createdAt' | 'respondedAt' | 'user' | 'invitedEmail' | 'invitedBy' | 'claimTokenHash';

  @Field(() => Int, { name: 'databaseId', description: 'The collaborator’s number in the REST API.' })
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne(() => Project, { ref: true, deleteRule: 'cascade' })
  project!: Ref<Project>;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'cascade' })
  user: Ref<User> | null = null;

  /** Kept out of GraphQL: only the inviter's own views may show it (docs/product.md §Projects). */
  @Property({ type: 'string', length: 254, nullable: true })
  invitedEmail: string | null = null;

  @ManyToOne(() => CreditRole, { ref: true, deleteRule: 'restrict' })
  creditRole!: Ref<CreditRole>;

  @Field(() => ProjectPermissionEnum, { description: 'What they may do once they accept: OWNER, EDITOR or VIEWER.' })
  @Property({ type: 'string', length: 16 })
  permission!: CollaboratorPermission;

  @Field(() => ProjectCollaboratorStatusEnum, { description: 'PENDING until the invitee answers, then ACCEPTED or DECLINED; only ACCEPTED grants anything.' })
  @Property({ type: 'string', length: 16, default: 'pending' })
  status: CollaboratorStatus = 'pending';

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'set null' })
  invitedBy: Ref<User> | null = null;

  @Field(() => Date, { description: 'When they were invited (UTC).' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Field(() => Date, { nullable: true, description: 'When the invitee accepted or declined.' })
  @Property({ type: 'datetime', nullable: true })
  respondedAt: Date | null = null;

  /** SHA-256 of the claim link's token (someone invited by an address no account has); the token itself is only ever in the mail. */
  @Property({ type: 'string', length: 64, nullable: true })
  claimTokenHash: string | null = null;
}
