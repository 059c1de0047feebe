import { Arg, Args, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { BASE_SEATS, isTeamSubscriptionActive } from '../../../../domain/plans.js';
import { canUseTeamTools } from '../../../../domain/permissions.js';
import { childConnection } from '../../graphql/child-connections.js';
import type { Connection } from '../../graphql/connection.js';
import type { RequestContext } from '../users/index.js';
import { parseGlobalId } from '../../graphql/global-id.js';
import { emptyConnection, PageArgs, readKeysetPage } from '../../graphql/pagination.js';
import { requireViewer, User } from '../users/index.js';
import { loadLastActiveAt } from './members/last-active.loader.js';
import { loadSeatLimit, loadSeatsTaken } from './members/team-seats.loader.js';
import { TeamAccount } from './managed-accounts/team-account.entity.js';
import { TeamReport } from './reports/team-report.entity.js';
import { MAX_STAGES } from './stages/team-stages.service.js';
import { loadStages } from './stages/team-stages.loader.js';
import { TeamStage } from './stages/team-stage.entity.js';
import { loadViewerMembership, mayUseTeam, teamToolsSubject } from './team-access.js';
import { TeamMember } from './team-member.entity.js';
import { Team } from './team.entity.js';
import { canManageTeam } from './team.policy.js';
import { createTeam, findVisibleTeam, listMemberships } from './team.service.js';
import {
  CreateTeamInput,
  CreateTeamPayload,
  TeamManagedAccountConnection,
  TeamMemberConnection,
  TeamReportConnection,
  TeamViewerCan,
} from './team.types.js';

/** A team's members, managed accounts and reports, for every team in an answer in one query each (see childConnection). */
const TEAM_MEMBERS = { name: 'team-members', entity: TeamMember, table: 'team_members', parentColumn: 'team_id', order: 'asc' } as const;
const TEAM_ACCOUNTS = { name: 'team-accounts', entity: TeamAccount, table: 'team_accounts', parentColumn: 'team_id', order: 'asc' } as const;
const TEAM_REPORTS = { name: 'team-reports', entity: TeamReport, table: 'team_reports', parentColumn: 'team_id', order: 'desc' } as const;

@Resolver(() => Team)
export class TeamResolver {
  @Query(() => Team, { nullable: true, description: 'A team the viewer manages or is a member of, by global id (admins see every team); null otherwise. PRO-only seats open no team pages.' })
  team(@Arg('id', () => ID, { description: 'The team’s global id (Team:…).' }) id: string, @Ctx() { em, viewer }: RequestContext): Promise<Team | null> {
    return findVisibleTeam(em, viewer, parseGlobalId(id, 'Team'));
  }

  @Query(() => Team, { nullable: true, description: 'A team by its number in page links (/teams/{databaseId}), with the same rule as team(id:).' })
  teamByDatabaseId(@Arg('databaseId', () => Int, { description: 'The team’s number, as in /teams/{databaseId}; anything under 1 answers null.' }) databaseId: number, @Ctx() { em, viewer }: RequestContext): Promise<Team | null> {
    if (!Number.isSafeInteger(databaseId) || databaseId < 1) return Promise.resolve(null);
    return findVisibleTeam(em, viewer, databaseId);
  }

  @Query(() => TeamMemberConnection, { description: "The viewer's team memberships (active and invited), oldest first." })
  viewerTeams(@Args(() => PageArgs) args: PageArgs, @Ctx() context: RequestContext): Promise<Connection<TeamMember>> {
    return listMemberships(context.em, requireViewer(context).user.id, readKeysetPage(args));
  }

  @Mutation(() => CreateTeamPayload, {
    description:
      'Creates a team (the terms must be acknowledged first: "You need to finishing signing up first!"). It starts inactive; its creator becomes its manager, except an admin, who becomes the manager only with makeMeManager. Start a Teams subscription to use its tools.',
  })
  async createTeam(@Arg('input', () => CreateTeamInput, { description: 'The new team’s name and, for admins, makeMeManager.' }) input: CreateTeamInput, @Ctx() context: RequestContext): Promise<CreateTeamPayload> {
    const viewer = requireViewer(context);
    const team = await createTeam({ em: context.em, boss: context.boss, publicUrl: context.config.publicUrl }, viewer, { name: input.name, makeMeManager: input.makeMeManager ?? false });
    return { team };
  }

  @FieldResolver(() => TeamMemberConnection, { description: 'Everyone on the team, invited and inactive members included, in the order they joined; empty for those who may not use the team (PRO-only seats).' })
  async members(@Root() team: Team, @Args(() => PageArgs) args: PageArgs, @Ctx() { em, viewer }: RequestContext): Promise<Connection<TeamMember>> {
    if (!(await mayUseTeam(em, viewer, team.id))) return emptyConnection();
    return childConnection(em, TEAM_MEMBERS, team.id, readKeysetPage(args));
  }

  @FieldResolver(() => TeamManagedAccountConnection, { description: 'The social accounts the team manages: its members may credit people on their posts.' })
  async managedAccounts(@Root() team: Team, @Args(() => PageArgs) args: PageArgs, @Ctx() { em, viewer }: RequestContext): Promise<Connection<TeamAccount>> {
    if (!(await mayUseTeam(em, viewer, team.id))) return emptyConnection();
    return childConnection(em, TEAM_ACCOUNTS, team.id, readKeysetPage(args));
  }

  @FieldResolver(() => TeamReportConnection, { description: 'The team’s saved reports, newest first.' })
  async reports(@Root() team: Team, @Args(() => PageArgs) args: PageArgs, @Ctx() { em, viewer }: RequestContext): Promise<Connection<TeamReport>> {
    if (!(await mayUseTeam(em, viewer, team.id))) return emptyConnection();
    return childConnection(em, TEAM_REPORTS, team.id, readKeysetPage(args));
  }

  @FieldResolver(() => [TeamStage], { description: `The columns of the team’s creator board, left to right (at most ${MAX_STAGES}).` })
  async stages(@Root() team: Team, @Ctx() { em, viewer }: RequestContext): Promise<TeamStage[]> {
    if (!(await mayUseTeam(em, viewer, team.id))) return [];
    return loadStages(em, team.id);
  }

  @FieldResolver(() => Boolean, { description: 'Active team with an unexpired invoice or an active subscription.' })
  isSubscriptionActive(@Root() team: Team): boolean {
    return isTeamSubscriptionActive(
      { status: team.status, externalInvoiceExpiration: team.externalInvoiceExpiration, subscriptionStatus: team.subscriptionStatus },
      new Date(),
    );
  }

  @FieldResolver(() => Int, { nullable: true, description: 'Seats included in the plan (Teams Plan 10, Starter Plan 3).' })
  baseSeats(@Root() team: Team): number | null {
    return team.plan ? BASE_SEATS[team.plan] : null;
  }

  @FieldResolver(() => Int, { nullable: true, description: 'Seats the team has: what its subscription pays for, else its plan’s base seats; null without a plan (or for those who may not use the team).' })
  async seats(@Root() team: Team, @Ctx() { em, viewer }: RequestContext): Promise<number | null> {
    if (!(await mayUseTeam(em, viewer, team.id))) return null;
    return (await loadSeatLimit(em, team))?.seats ?? null;
  }

  @FieldResolver(() => Int, { description: 'Seats taken: active and invited members and invitations still open (0 for those who may not use the team).' })
  async seatsInUse(@Root() team: Team, @Ctx() { em, viewer }: RequestContext): Promise<number> {
    if (!(await mayUseTeam(em, viewer, team.id))) return 0;
    return loadSeatsTaken(em, team.id);
  }

  @FieldResolver(() => TeamViewerCan, { description: 'What the viewer may do with the team.' })
  async viewerCan(@Root() team: Team, @Ctx() { em, viewer }: RequestContext): Promise<TeamViewerCan> {
    const membership = viewer ? await loadViewerMembership(em, viewer.user.id, team.id) : null;
    const now = new Date();
    const useTools = viewer ? canUseTeamTools(teamToolsSubject(viewer), team, now) : isTeamSubscriptionActive(team, now);
    return { manage: canManageTeam(viewer, membership), useTools };
  }
}

@Resolver(() => TeamMember)
export class TeamMemberResolver {
  @FieldResolver(() => User, { description: 'The person who holds this membership.' })
  user(@Root() member: TeamMember): Promise<User> {
    return member.user.loadOrFail();
  }

  @FieldResolver(() => Team, { description: 'The team of this membership.' })
  team(@Root() member: TeamMember): Promise<Team> {
    return member.team.loadOrFail();
  }

  @FieldResolver(() => Date, { nullable: true, description: 'When the person last used Byline; null if never signed in.' })
  lastActiveAt(@Root() member: TeamMember, @Ctx() { em }: RequestContext): Promise<Date | null> {
    return loadLastActiveAt(em, member.user.id);
  }
}
