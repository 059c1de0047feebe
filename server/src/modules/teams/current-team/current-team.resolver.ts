import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Resolver, Root } from 'type-graphql';
import type { Connection } from '../../../graphql/connection.js';
import { parseGlobalId, toGlobalId } from '../../../graphql/global-id.js';
import { emptyConnection, PageArgs, readKeysetPage } from '../../../graphql/pagination.js';
import { auditViewer, recordAudit } from '../../audit/index.js';
import { isViewerThemself, loadViewerEntity, requireViewer, User, type RequestContext, type UserView } from '../../users/index.js';
import type { TeamAccount } from '../managed-accounts/team-account.entity.js';
import { TeamManagedAccountConnection } from '../team.types.js';
import { currentTeamIdOf, listManagedAccountsOf, setCurrentTeam } from './current-team.service.js';
import { SetCurrentTeamInput, SetCurrentTeamPayload } from './current-team.types.js';

/** The current team and the accounts one's teams manage: the current user's alone (docs/product.md §Teams). */
@Resolver(() => User)
export class CurrentTeamResolver {
  @FieldResolver(() => ID, {
    nullable: true,
    description: 'The team your team pages, reports and new projects and jobs open on (a Team’s global id); it grants nothing. Null when none is chosen or you are no longer an active member of it, and on other users.',
  })
  async currentTeamId(@Root() user: UserView, @Ctx() { em, viewer }: RequestContext): Promise<string | null> {
    if (!isViewerThemself(viewer, user)) return null;
    // After setCurrentTeam in the same request the root is the changed entity; otherwise the viewer's row.
    const teamId = await currentTeamIdOf(em, user instanceof User ? user : viewer.user);
    return teamId === null ? null : toGlobalId('Team', teamId);
  }

  @FieldResolver(() => TeamManagedAccountConnection, { description: 'The social accounts managed by the teams you are an active member of, newest first; empty on other users.' })
  managedAccounts(@Root() user: UserView, @Args(() => PageArgs) args: PageArgs, @Ctx() { em, viewer }: RequestContext): Promise<Connection<TeamAccount>> {
    const page = readKeysetPage(args);
    return isViewerThemself(viewer, user) ? listManagedAccountsOf(em, user.id, page) : Promise.resolve(emptyConnection());
  }

  @Mutation(() => SetCurrentTeamPayload, { description: 'Chooses the team your team pages, reports and new projects and jobs open on: one you are an active member of. It grants nothing.' })
  async setCurrentTeam(@Arg('input', () => SetCurrentTeamInput, { description: 'The team to choose, or null to clear the choice.' }) input: SetCurrentTeamInput, @Ctx() context: RequestContext): Promise<SetCurrentTeamPayload> {
    const viewer = requireViewer(context);
    const teamId = input.teamId ? parseGlobalId(input.teamId, 'Team') : null;
    await setCurrentTeam(context.em, viewer, teamId);
    recordAudit(context.em, auditViewer(viewer), { action: 'update', target: 'users', targetId: viewer.user.id, fields: { changed: ['currentTeamId'], currentTeamId: teamId } });
    await context.em.flush();
    return { user: await loadViewerEntity(context.em, viewer) };
  }
}
