import { Ctx, FieldResolver, Int, Query, Resolver, Root } from 'type-graphql';
import { overallState } from '../../../../domain/service-status.js';
import { isAdminViewer, type RequestContext } from '../users/index.js';
import { serviceStatus } from './service-status.js';
import { ServiceComponentStatus, ServiceStatus } from './service-status.types.js';

/** docs/product.md §Status: open to everyone; how long a check took and why it failed are for admins. */
@Resolver(() => ServiceStatus)
export class ServiceStatusResolver {
  @Query(() => ServiceStatus, { description: 'Up, degraded or down for the database, queue, pub/sub, search engine and mail, with when each was checked. Open to signed-out visitors.' })
  async serviceStatus(@Ctx() { em, pubsub, config, logger }: RequestContext): Promise<ServiceStatus> {
    const components = await serviceStatus({ em, pubsub, config, logger });
    return { state: overallState(components.map((part) => part.state)), components };
  }
}

@Resolver(() => ServiceComponentStatus)
export class ServiceComponentStatusResolver {
  @FieldResolver(() => Int, { nullable: true, description: 'How long the check took, in milliseconds; admins only.' })
  latencyMs(@Root() part: ServiceComponentStatus, @Ctx() { viewer }: RequestContext): number | null {
    return isAdminViewer(viewer) ? part.latencyMs : null;
  }

  @FieldResolver(() => String, { nullable: true, description: 'The error of a failed check, or how the part runs; admins only.' })
  detail(@Root() part: ServiceComponentStatus, @Ctx() { viewer }: RequestContext): string | null {
    return isAdminViewer(viewer) ? part.detail : null;
  }
}
