import type { EntityManager } from '@mikro-orm/postgresql';
import type { RateLimitStatus } from './cost-limit/cost-limit-plugin.js';

/**
 * What graphql/'s own plumbing reads of a request's viewer: who it is and how they came. The
 * users module's `Viewer` is one; graphql/ imports no module (docs/architecture.md).
 */
export interface ContextViewer {
  user: { id: number };
  masqueradingAdminId: number | null;
  sessionId: number | null;
  personalAccessTokenId?: number;
}

/**
 * What graphql/'s plumbing reads of every operation's context. The context resolvers get
 * (`RequestContext`, users/request-context.ts) is this and the services modules use.
 */
export interface GraphQLContext {
  em: EntityManager;
  viewer: ContextViewer | null;
  /** GraphQL over HTTP: the client address by the HTTP limiter's rule (TRUST_PROXY), for budgets of callers nobody signed in. */
  clientAddress?: string;
  /** GraphQL over HTTP: this operation's cost and the caller's budget after it, set before execution (cost-limit plugin). */
  rateLimit?: RateLimitStatus;
}
