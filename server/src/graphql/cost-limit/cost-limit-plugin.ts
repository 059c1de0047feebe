import type { ApolloServerPlugin, HeaderMap } from '@apollo/server';
import type { GraphQLError } from 'graphql';
import * as MESSAGES from '../../../../domain/messages.js';
import { RateLimited } from '../../errors/app-errors.js';
import { httpRefusal } from '../http-refusal.js';
import type { GraphQLContext } from '../context.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../pagination.js';
import type { BudgetState, CostBudgetStore } from './cost-budget-store.js';
import { operationCost, type CostRules } from './operation-cost.js';

/** What `Query.rateLimit` and the `X-RateLimit-*` headers report about the current operation. */
export interface RateLimitStatus {
  cost: number;
  limit: number;
  used: number;
  remaining: number;
  resetAt: Date;
}

export const COST_RULES: CostRules = {
  defaultPageSize: DEFAULT_PAGE_SIZE,
  maxPageSize: MAX_PAGE_SIZE,
  requestsPerPoint: 100,
  mutationCost: 5,
};

/**
 * Whose budget an operation spends: its personal access token's (each token of an integrator
 * counts apart), else the signed-in user's (an admin masquerading spends their own), else the
 * client address by the HTTP limiter's rule (TRUST_PROXY).
 */
export function budgetKeyOf(context: GraphQLContext): string {
  const viewer = context.viewer;
  if (viewer?.personalAccessTokenId != null) return `token:${viewer.personalAccessTokenId}`;
  if (viewer) return `user:${viewer.masqueradingAdminId ?? viewer.user.id}`;
  return `ip:${context.clientAddress ?? 'unknown'}`;
}

/**
 * Charges each operation's cost to its caller's hourly budget once it is validated and before
 * it runs, so a refused operation has no effect (and registers no persisted query). Every
 * answer past validation carries the budget in `X-RateLimit-*` headers; over budget it is a 429.
 */
export function costLimitPlugin(options: { store: CostBudgetStore; pointsPerHour: number }): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operation, request, contextValue, response }) {
          // Apollo resolves the operation before this hook and refuses a request it could not.
          if (!operation) return;
          const { cost } = operationCost(schema, document, operation, request.variables, COST_RULES);
          const budget = await options.store.spend(budgetKeyOf(contextValue), cost, options.pointsPerHour);
          const status = statusOf(cost, options.pointsPerHour, budget);
          contextValue.rateLimit = status;
          writeHeaders(response.http.headers, status);
          if (!budget.accepted) throw refusal(status);
        },
      };
    },
  };
}

function statusOf(cost: number, limit: number, budget: BudgetState): RateLimitStatus {
  return { cost, limit, used: budget.used, remaining: Math.max(limit - budget.used, 0), resetAt: budget.resetAt };
}

/** GitHub's header names; the reset is in UTC epoch seconds. */
function writeHeaders(headers: HeaderMap, status: RateLimitStatus): void {
  headers.set('x-ratelimit-limit', String(status.limit));
  headers.set('x-ratelimit-remaining', String(status.remaining));
  headers.set('x-ratelimit-used', String(status.used));
  headers.set('x-ratelimit-reset', String(Math.ceil(status.resetAt.getTime() / 1000)));
}

/** Over budget: a 429 in our usual shape, saying when to come back. */
function refusal(status: RateLimitStatus): GraphQLError {
  const error = new RateLimited(MESSAGES.apiBudgetSpent, { cost: status.cost, limit: status.limit, remaining: status.remaining, resetAt: status.resetAt.toISOString() });
  const retryAfterSeconds = Math.max(Math.ceil((status.resetAt.getTime() - Date.now()) / 1000), 1);
  return httpRefusal(error, { 'retry-after': String(retryAfterSeconds) });
}
