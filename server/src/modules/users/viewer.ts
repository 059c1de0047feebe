import type { TokenScope } from '../../../../domain/token-scopes.js';
import type { User } from './user.entity.js';

/** Who is making a request: the user acted as, and the admin behind them while masquerading. */
export interface Viewer {
  user: User;
  masqueradingAdminId: number | null;
  /** The session the request came with; null for personal access tokens. */
  sessionId: number | null;
  /** The personal access token the request came with, if any: API budgets count per token. */
  personalAccessTokenId?: number;
  /** That token's scope: a read-only one may not change anything (tokens/token-scope.ts). */
  personalAccessTokenScope?: TokenScope;
  /**
   * Every plan's features are open here, since no payment can be taken (docs/product.md §Paid
   * access). Carried by the viewer because every paid-access check has one at hand.
   */
  plansOpen: boolean;
}
