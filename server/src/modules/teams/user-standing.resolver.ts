import { Args, Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import { RoleFlag } from '../../../../domain/enums.js';
import { canSeeBilling, hasRoleFlag, isBusinessUser, viewerPermissionSet } from '../../../../domain/permissions.js';
import type { Connection } from '../../graphql/connection.js';
import type { RequestContext, UserView } from '../users/index.js';
import { emptyConnection, PageArgs, readKeysetPage } from '../../graphql/pagination.js';
import { listLoginMethods, User, canSeePrivateUserFields, isViewerThemself, LoginMethodConnection, type LoginMethod, ViewerPermissions } from '../users/index.js';
import { loadTeamStanding } from './team-standing.loader.js';
import { loadViewerAccess } from './viewer-access.js';

const NO_PERMISSIONS: ViewerPermissions = { seeProPages: false, seeBetaPages: false, seeAdmin: false, hasPaidAccess: false, seeBilling: false };

/**
 * The current user's fields and what the viewer may do (docs/product.md §Paid access). Role-flag
 * booleans are public like the badges they mirror; paid standing is for the user and admins; login
 * methods and permissions for the user alone. Team standing loads in one batch per request.
 */
@Resolver(() => User)
export class UserStandingResolver {
  @FieldResolver(() => Boolean, { description: 'True on the viewer while an admin acts as them.' })
  isMasquerading(@Root() user: UserView, @Ctx() { viewer }: RequestContext): boolean {
    return isViewerThemself(viewer, user) && viewer.masqueradingAdminId !== null;
  }

  @FieldResolver(() => Boolean, { description: 'O.G. badge: role flag 1 (approved).' })
  isOG(@Root() user: UserView): boolean {
    return hasRoleFlag(user, RoleFlag.approved);
  }

  @FieldResolver(() => Boolean, { description: 'Holds the beta flag (badge "Beta"): opens the beta pages.' })
  isBeta(@Root() user: UserView): boolean {
    return hasRoleFlag(user, RoleFlag.beta);
  }

  @FieldResolver(() => Boolean, { description: 'Holds the free PRO flag (badge "Free PRO"): PRO given without payment.' })
  isFreePro(@Root() user: UserView): boolean {
    return hasRoleFlag(user, RoleFlag.freePro);
  }

  @FieldResolver(() => Boolean, { description: 'Holds the team PRO flag (badge "Team PRO"): PRO access that came with a team seat.' })
  isTeamPro(@Root() user: UserView): boolean {
    return hasRoleFlag(user, RoleFlag.teamPro);
  }

  @FieldResolver(() => Boolean, { description: 'Active member of a team with an active subscription; visible to the user and admins.' })
  async hasPaidTeam(@Root() user: UserView, @Ctx() { em, viewer }: RequestContext): Promise<boolean> {
    if (!canSeePrivateUserFields(viewer, user)) return false;
    return (await loadTeamStanding(em, user.id)).hasPaidTeam;
  }

  @FieldResolver(() => Boolean, { description: 'A company or enterprise PRO account (the business menu item is hidden); visible to the user and admins.' })
  isBusiness(@Root() user: UserView, @Ctx() { viewer }: RequestContext): boolean {
    return canSeePrivateUserFields(viewer, user) && isBusinessUser(user);
  }

  @FieldResolver(() => Boolean, { description: 'Passes the billing check (Billing menu item); visible to the user and admins.' })
  async canSeeBilling(@Root() user: UserView, @Ctx() { em, viewer }: RequestContext): Promise<boolean> {
    if (!canSeePrivateUserFields(viewer, user)) return false;
    const { managesTeam } = await loadTeamStanding(em, user.id);
    return canSeeBilling({ roleFlags: user.roleFlags, managesTeam });
  }

  @FieldResolver(() => ViewerPermissions, { description: 'What the viewer may do; all false on other users.' })
  async viewerCan(@Root() user: UserView, @Ctx() { em, viewer }: RequestContext): Promise<ViewerPermissions> {
    if (!isViewerThemself(viewer, user)) return NO_PERMISSIONS;
    return viewerPermissionSet(await loadViewerAccess(em, viewer));
  }

  @FieldResolver(() => LoginMethodConnection, { description: 'How the viewer signs in, oldest first; empty on other users.' })
  loginMethods(@Root() user: UserView, @Args(() => PageArgs) args: PageArgs, @Ctx() { em, viewer }: RequestContext): Promise<Connection<LoginMethod>> {
    const page = readKeysetPage(args);
    return isViewerThemself(viewer, user) ? listLoginMethods(em, user.id, page) : Promise.resolve(emptyConnection());
  }
}
