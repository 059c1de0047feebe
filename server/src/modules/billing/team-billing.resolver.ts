import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { Arg, Args, Ctx, FieldResolver, Mutation, Resolver, Root } from 'type-graphql';
import { EXPIRY_SENTINEL } from '../../../../domain/constants.js';
import { BASE_SEATS, isTeamSubscriptionActive } from '../../../../domain/plans.js';
import { childConnection } from '../../graphql/child-connections.js';
import type { Connection } from '../../graphql/connection.js';
import type { RequestContext } from '../users/index.js';
import { parseGlobalId } from '../../graphql/global-id.js';
import { PageArgs, readKeysetPage } from '../../graphql/pagination.js';
import { requireViewer } from '../users/index.js';
import { Team } from '../teams/index.js';
import { BillingSubscription } from './billing-subscription.entity.js';
import { canSeeTeamBilling } from './billing.policy.js';
import { GRANTING_STATUSES } from '../../../../domain/plans.js';
import { ChangeTeamSeatsInput, ChangeTeamSeatsPayload, InvoiceConnection, TeamBilling } from './billing.types.js';
import { Invoice } from './invoice.entity.js';
import { changeTeamSeats } from './team-seats.service.js';

/** A team's invoices, newest first, for every team in an answer in one query. */
const TEAM_INVOICES = { name: 'team-invoices', entity: Invoice, table: 'invoices', parentColumn: 'team_id', order: 'desc' } as const;

const NO_EXPIRY = new Date(`${EXPIRY_SENTINEL}T00:00:00Z`).getTime();

/** Per request: the subscription speaking for each asked team (one granting access, else the newest), in one query. */
const subscriptionLoaders = new WeakMap<EntityManager, DataLoader<number, BillingSubscription | null>>();

function loadTeamSubscription(em: EntityManager, teamId: number): Promise<BillingSubscription | null> {
  let loader = subscriptionLoaders.get(em);
  if (!loader) {
    loader = new DataLoader<number, BillingSubscription | null>(async (teamIds) => {
      const rows = await em.find(BillingSubscription, { team: { $in: [...teamIds] } }, { orderBy: { createdAt: 'desc', id: 'desc' } });
      return teamIds.map((teamId) => {
        const mine = rows.filter((row) => row.team?.id === teamId);
        return mine.find((row) => GRANTING_STATUSES.has(row.status)) ?? mine[0] ?? null;
      });
    });
    subscriptionLoaders.set(em, loader);
  }
  return loader.load(teamId);
}

function teamBilling(team: Team, subscription: BillingSubscription | null, now: Date): TeamBilling {
  const invoiceEnd = team.externalInvoiceExpiration;
  const granting = subscription !== null && GRANTING_STATUSES.has(subscription.status);
  const ending = granting && subscription.cancelAtPeriodEnd;
  return {
    teamId: team.id,
    plan: team.plan,
    status: team.status,
    subscriptionStatus: subscription?.status ?? null,
    isActive: isTeamSubscriptionActive({ status: team.status, externalInvoiceExpiration: invoiceEnd, subscriptionStatus: team.subscriptionStatus }, now),
    baseSeats: team.plan ? BASE_SEATS[team.plan] : null,
    seats: subscription?.seats ?? null,
    renewsAt: granting && !ending ? subscription.currentPeriodEnd : null,
    expiresAt: ending ? subscription.currentPeriodEnd : invoiceEnd && invoiceEnd.getTime() < NO_EXPIRY ? invoiceEnd : null,
    externalInvoiceExpiration: invoiceEnd,
    subscription,
  };
}

@Resolver(() => Team)
export class TeamBillingFieldResolver {
  @FieldResolver(() => TeamBilling, { nullable: true, description: 'What the team pays for; null unless the viewer manages the team (or is an admin).' })
  async billing(@Root() team: Team, @Ctx() { em, viewer }: RequestContext): Promise<TeamBilling | null> {
    if (!(await canSeeTeamBilling(em, viewer, team.id))) return null;
    return teamBilling(team, await loadTeamSubscription(em, team.id), new Date());
  }
}

@Resolver(() => TeamBilling)
export class TeamBillingResolver {
  @FieldResolver(() => InvoiceConnection, { description: 'The team’s invoices, newest first.' })
  invoices(@Root() billing: TeamBilling, @Args(() => PageArgs) args: PageArgs, @Ctx() { em }: RequestContext): Promise<Connection<Invoice>> {
    return childConnection(em, TEAM_INVOICES, billing.teamId, readKeysetPage(args));
  }

  @Mutation(() => ChangeTeamSeatsPayload, { description: 'Sets how many seats a team pays for (base seats included); the change is prorated. For the team’s managers.' })
  async changeTeamSeats(@Arg('input', () => ChangeTeamSeatsInput, { description: 'The team and its seats.' }) input: ChangeTeamSeatsInput, @Ctx() context: RequestContext): Promise<ChangeTeamSeatsPayload> {
    const viewer = requireViewer(context);
    const subscription = await changeTeamSeats(context.em, context.config, viewer, parseGlobalId(input.teamId, 'Team'), input.seats);
    const team = await context.em.findOneOrFail(Team, subscription.team!.id);
    return { team, subscription };
  }
}
