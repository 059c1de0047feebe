import { Arg, Args, Ctx, FieldResolver, ID, Int, Query, Resolver, Root } from 'type-graphql';
import { BASE_SEATS, isTeamSubscriptionActive } from '../../../../domain/plans.js';
import { childConnection } from '../../graphql/child-connections.js';
import type { Connection } from '../../graphql/connection.js';
import type { RequestContext } from '../../graphql/context.js';
import { parseGlobalId } from '../../graphql/global-id.js';
import { PageArgs, readKeysetPage } from '../../graphql/pagination.js';
import { requireViewer } from '../auth/sessions/guards.js';
import { User } from '../users/user.entity.js';
import { TeamMember } from './team-member.entity.js';
import { Team } from './team.entity.js';
import { findVisibleTeam, listMemberships } from './team.service.js';
import { TeamMemberConnection } from './team.types.js';

/** A team's members, for every team in an answer in one query (see childConnection). */
const TEAM_MEMBERS = { name: 'team-members', entity: TeamMember, table: 'team_members', parentColumn: 'team_id', order: 'asc' } as const;

@Resolver(() => Team)
export class TeamResolver {
  @Query(() => Team, { nullable: true, description: 'A team the viewer belongs to, by global id (admins see every team); null otherwise.' })
  team(@Arg('id', () => ID) id: string, @Ctx() { em, viewer }: RequestContext): Promise<Team | null> {
    return findVisibleTeam(em, viewer, parseGlobalId(id, 'Team'));
  }

  @Query(() => TeamMemberConnection, { description: "The viewer's team memberships (active and invited), oldest first." })
  viewerTeams(@Args(() => PageArgs) args: PageArgs, @Ctx() context: RequestContext): Promise<Connection<TeamMember>> {
    return listMemberships(context.em, requireViewer(context).user.id, readKeysetPage(args));
  }

  @FieldResolver(() => TeamMemberConnection, { description: 'Everyone on the team, invited and inactive members included, in the order they joined.' })
  members(@Root() team: Team, @Args(() => PageArgs) args: PageArgs, @Ctx() { em }: RequestContext): Promise<Connection<TeamMember>> {
    return childConnection(em, TEAM_MEMBERS, team.id, readKeysetPage(args));
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
}

@Resolver(() => TeamMember)
export class TeamMemberResolver {
  @FieldResolver(() => User)
  user(@Root() member: TeamMember): Promise<User> {
    return member.user.loadOrFail();
  }

  @FieldResolver(() => Team)
  team(@Root() member: TeamMember): Promise<Team> {
    return member.team.loadOrFail();
  }
}
