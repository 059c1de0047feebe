import { Ctx, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../users/index.js';
import { siteLinksFrom } from './site-links.js';
import { SiteLinks } from './site-links.types.js';

@Resolver()
export class SiteLinksResolver {
  @Query(() => SiteLinks, { description: 'Addresses outside the app that the site links to (its shop, its social profiles, the mobile app in the stores). Open to signed-out visitors.' })
  siteLinks(@Ctx() { config }: RequestContext): SiteLinks {
    return siteLinksFrom(config.siteLinks);
  }
}
