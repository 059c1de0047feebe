import type { TokenScope } from '../../../../domain/token-scopes.js';
import type { UserView } from './user.view.js';

/**
 * The signed-in user as every request reads them: a plain row, not an ORM entity. Building a
 * `User` entity for each signed-in request cost more CPU than most answers' own rows
 * (bench/README.md); code that changes the user loads the entity (`loadViewerEntity`). A `User`
 * entity fits this shape too (personal access tokens, tests).
 */
export type ViewerUser = Readonly<UserView & { currentTeamId: number | null; externalInvoiceExpiration: Date | null }>;

/** Who is making a request: the user acted as, and the admin behind them while masquerading. */
export interface Viewer {
  user: ViewerUser;
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
