import { Arg, Ctx, FieldResolver, Mutation, Resolver, Root } from 'type-graphql';
import { parseGlobalId } from '../../graphql/global-id.js';
import { User, loadViewerEntity, requireViewer, type RequestContext, type UserView } from '../users/index.js';
import { loadAvailability, updateAvailability, type Availability } from './availability.service.js';
import { AvailabilityType, UpdateAvailabilityInput, UpdateAvailabilityPayload } from './availability.types.js';

/** Availability (docs/product.md §Profiles): public like the rest of the profile; only its owner changes it. */
@Resolver(() => User)
export class AvailabilityResolver {
  @FieldResolver(() => AvailabilityType, { description: 'Whether the user is open to work, for which roles and from when.' })
  availability(@Root() user: UserView, @Ctx() { em }: RequestContext): Availability | Promise<Availability> {
    return loadAvailability(em, user.id);
  }

  @Mutation(() => UpdateAvailabilityPayload, { description: 'Says whether the viewer is open to work, for which credit roles and from which day.' })
  async updateAvailability(@Arg('input', () => UpdateAvailabilityInput, { description: 'The viewer’s availability.' }) input: UpdateAvailabilityInput, @Ctx() context: RequestContext): Promise<UpdateAvailabilityPayload> {
    const viewer = requireViewer(context);
    await updateAvailability(context.em, viewer.user.id, {
      openToWork: input.openToWork,
      roleIds: input.roleIds.map((id) => parseGlobalId(id, 'CreditRole')),
      availableFrom: input.availableFrom ?? null,
    });
    return { user: await loadViewerEntity(context.em, viewer) };
  }
}
