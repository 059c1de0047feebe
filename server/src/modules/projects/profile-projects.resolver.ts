import { Args, Ctx, Field, FieldResolver, ObjectType, Resolver, Root } from 'type-graphql';
import { connectionType, type Connection } from '../../graphql/connection.js';
import { ForwardPageArgs, readKeysetPage } from '../../graphql/pagination.js';
import { CreditRole } from '../credits/index.js';
import { User } from '../users/index.js';
import type { RequestContext } from '../users/index.js';
import { Project } from './project.entity.js';
import { loadCreditRole } from './project.loaders.js';
import { profileProjectConnection, type ProfileProjectRow } from './profile-projects.service.js';

@ObjectType('ProfileProject', { description: 'A public project on a person’s profile, with what they are in it.' })
export class ProfileProject {
  @Field(() => Project, { description: 'The public project.' }) project!: Project;
  @Field(() => Boolean, { description: 'They own the project (a person-owned project).' }) isOwner!: boolean;
  creditRoleId!: number | null;
}

export const ProfileProjectConnection = connectionType('ProfileProject', ProfileProject);

/**
 * "Public projects appear on their collaborators' profiles" (docs/product.md §Projects, §Profiles):
 * the public projects a person owns or has accepted to work on, for anyone, signed out too.
 */
@Resolver(() => User)
export class ProfileProjectsResolver {
  @FieldResolver(() => ProfileProjectConnection, {
    description: 'Public projects this person owns or has accepted to work on, newest activity first. Anyone may read it, signed out too; private projects and pending or declined invitations never appear.',
  })
  async publicProjects(@Root() user: User, @Args(() => ForwardPageArgs) args: ForwardPageArgs, @Ctx() { em }: RequestContext): Promise<Connection<ProfileProjectRow>> {
    return profileProjectConnection(em, user.id, readKeysetPage(args));
  }
}

@Resolver(() => ProfileProject)
export class ProfileProjectResolver {
  @FieldResolver(() => CreditRole, { nullable: true, description: 'Their role in the project, as their credits carry it; null when they own it without a collaborator role.' })
  async creditRole(@Root() entry: ProfileProjectRow, @Ctx() { em }: RequestContext): Promise<CreditRole | null> {
    return entry.creditRoleId === null ? null : loadCreditRole(em, entry.creditRoleId);
  }
}
