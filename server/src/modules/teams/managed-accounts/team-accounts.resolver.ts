import { Arg, Ctx, FieldResolver, Mutation, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../users/index.js';
import { parseGlobalId, toGlobalId } from '../../../graphql/global-id.js';
import { requireViewer } from '../../users/index.js';
import { SocialAccount } from '../../networks/index.js';
import { AddTeamAccountInput, AddTeamAccountPayload, RemoveTeamAccountInput, RemoveTeamAccountPayload } from '../team.types.js';
import { TeamAccount } from './team-account.entity.js';
import { addTeamAccount, removeTeamAccount } from './team-accounts.service.js';

@Resolver(() => TeamAccount)
export class TeamAccountResolver {
  @Mutation(() => AddTeamAccountPayload, {
    description: 'The team starts managing a social account, by network and username or profile link (managers, on a team with a paid Teams subscription). Its members may then credit people on its posts.',
  })
  async addTeamAccount(@Arg('input', () => AddTeamAccountInput, { description: 'The team and the social account it starts managing.' }) input: AddTeamAccountInput, @Ctx() context: RequestContext): Promise<AddTeamAccountPayload> {
    const viewer = requireViewer(context);
    const managed = await addTeamAccount(context.em, viewer, parseGlobalId(input.teamId, 'Team'), parseGlobalId(input.account.networkId, 'Network'), input.account.handle);
    return { managedAccount: managed };
  }

  @Mutation(() => RemoveTeamAccountPayload, { description: 'The team stops managing a social account (managers).' })
  async removeTeamAccount(@Arg('input', () => RemoveTeamAccountInput, { description: 'The managed account to let go.' }) input: RemoveTeamAccountInput, @Ctx() context: RequestContext): Promise<RemoveTeamAccountPayload> {
    const viewer = requireViewer(context);
    const id = await removeTeamAccount(context.em, viewer, parseGlobalId(input.managedAccountId, 'TeamManagedAccount'));
    return { removedManagedAccountId: toGlobalId('TeamManagedAccount', id) };
  }

  @FieldResolver(() => SocialAccount, { description: 'The social account the team manages.' })
  account(@Root() managed: TeamAccount): Promise<SocialAccount> {
    return managed.socialAccount.loadOrFail();
  }
}
