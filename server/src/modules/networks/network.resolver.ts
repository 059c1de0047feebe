import { FieldResolver, Query, Resolver, Root, Ctx } from 'type-graphql';
import { networkById, profileUrl } from '../../../../domain/networks.js';
import type { RequestContext } from '../users/index.js';
import { Network } from './network.entity.js';
import { NETWORKS, listNetworks } from './network.service.js';
import { SocialAccount } from './social-account.entity.js';
import type { SocialAccountView } from './social-account.view.js';

@Resolver(() => Network)
export class NetworkResolver {
  @Query(() => [Network], { description: 'The social networks Byline imports from, in databaseId order: a fixed set of 11, not paged.' })
  networks(@Ctx() { em }: RequestContext): Promise<Network[]> {
    return listNetworks(em);
  }
}

@Resolver(() => SocialAccount)
export class SocialAccountResolver {
  @FieldResolver(() => Network, { description: 'The network the account is on.' })
  network(@Root() account: SocialAccountView, @Ctx() { em }: RequestContext): Network | Promise<Network> {
    return NETWORKS.byId(em, account.network.id);
  }

  @FieldResolver(() => String, { nullable: true, description: 'Link to the account on its network.' })
  profileUrl(@Root() account: SocialAccountView): string | null {
    const network = networkById(account.network.id);
    return network ? profileUrl(network, account.handle) : null;
  }
}
