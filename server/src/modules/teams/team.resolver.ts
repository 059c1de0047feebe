import { Arg, Ctx, FieldResolver, ID, Int, Query, Resolver, Root } from 'type-graphql';
import { BASE_SEATS, isTeamSubscriptionActive } from '../../../../domain/plans.js';
import type { RequestContext } from '../../graphql/context.js';
import { parseId } from '../../graphql/ids.js';
import { requireViewer } from '../auth/sessions/guards.js';
import { User } from '../users/user.entity.js';
import { TeamMember } from './team-member.entity.js';
import { Team } from './team.entity.js';
import { findVisibleTeam, listMemberships } from './team.service.js';

@Resolver(() => Team)
export class TeamResolver {
  @Query(() => Team, { nullable: true, description: 'A team the viewer belongs to (admins see every team).' })
  team(@Arg('id', () => ID) id: string, @Ctx() { em, viewer }: RequestContext): Promise<Team | null> {
    return findVisibleTeam(em, viewer, parseId(id));
  }

  @Query(() => [TeamMember], { description: "The viewer's team memberships." })
  viewerTeams(@Ctx() context: RequestContext): Promise<TeamMember[]> {
    return listMemberships(context.em, requireViewer(context).user.id);
  }

  @FieldResolver(() => [TeamMember])
  members(@Root() team: Team): Promise<TeamMember[]> {
    return team.members.loadItems();
  }

  @FieldResolver(() => Boolean, { description: 'Active team with an unexpired invoice or an active subscription (spec 4.4).' })
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
