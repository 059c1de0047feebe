import { Arg, Args, Ctx, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../users/index.js';
import type { Connection } from '../../graphql/connection.js';
import { PageArgs, readKeysetPage } from '../../graphql/pagination.js';
import { requireAdminViewer } from './admin.policy.js';
import { listAdminUsers } from './admin-users.service.js';
import { AdminUserConnection, type AdminUser } from './admin-users.types.js';

@Resolver()
export class AdminUsersResolver {
  @Query(() => AdminUserConnection, {
    description: 'Admins only (anyone else: not found): every user, newest first, optionally those whose username, name or email contains `search`.',
  })
  adminUsers(
    @Arg('search', () => String, { nullable: true, description: 'Text to find in the username, name or email (any case); every user when omitted.' }) search: string | null,
    @Args(() => PageArgs) args: PageArgs,
    @Ctx() context: RequestContext,
  ): Promise<Connection<AdminUser>> {
    requireAdminViewer(context.viewer);
    return listAdminUsers(context.em, search ?? null, readKeysetPage(args));
  }
}
