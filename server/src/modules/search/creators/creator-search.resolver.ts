import { Arg, Args, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import { creditRoleById } from '../../../../../domain/credit-roles.js';
import { networkById } from '../../../../../domain/networks.js';
import { InvalidInput } from '../../../errors/app-errors.js';
import type { Connection } from '../../../graphql/connection.js';
import type { RequestContext } from '../../users/index.js';
import { parseGlobalId } from '../../../graphql/global-id.js';
import { offsetConnection, readOffsetPage } from '../../../graphql/offset-pagination.js';
import { DEFAULT_PAGE_SIZE, ForwardPageArgs, MAX_PAGE_SIZE } from '../../../graphql/pagination.js';
import { requireViewer } from '../../users/index.js';
import { CreditRole } from '../../credits/index.js';
import { loadPersonSummary, HeldCreditRole } from '../../lists/index.js';
import type { Collaborator } from '../../profiles/index.js';
import { CollaboratorType } from '../../profiles/index.js';
import { loadTopCollaborators } from './creator-collaborators.js';
import { searchCreators, type CreatorHit } from './creator-search.service.js';
import { CreatorSearchFilterInput, CreatorSearchResult, CreatorSearchResultConnection, TOP_COLLABORATORS_DESCRIPTION } from './creator-search.types.js';

/** Ids from the fixed sets (roles, networks); an unknown one is "Invalid id", as on profiles. */
function knownIds(ids: readonly string[] | null | undefined, typeName: string, lookup: (id: number) => unknown): number[] {
  return (ids ?? []).map((id) => {
    const databaseId = parseGlobalId(id, typeName);
    if (!lookup(databaseId)) throw new InvalidInput('Invalid id', { id, expectedType: typeName });
    return databaseId;
  });
}

@Resolver(() => CreatorSearchResult)
export class CreatorSearchResolver {
  /** Signed in, as the /creators page (signed-out visitors are sent to sign up). */
  @Query(() => CreatorSearchResultConnection, {
    description:
      'Creator search: people by the roles they are credited in, where they are based (nearest first), one of the viewer’s lists, networks, followers, recent credits and name; best matches first, then the most followed, credited and viewed. Only posts the viewer may see and accepted credits count. A bad place is BAD_USER_INPUT with the location-hash rule; over 100 characters of text: "Invalid query".',
  })
  async creatorSearch(
    @Arg('filter', () => CreatorSearchFilterInput, { nullable: true, description: 'What to narrow the people to; no filter when omitted.' }) filter: CreatorSearchFilterInput | null,
    @Args(() => ForwardPageArgs) args: ForwardPageArgs,
    @Ctx() context: RequestContext,
  ): Promise<Connection<CreatorHit>> {
    const viewer = requireViewer(context);
    const page = readOffsetPage(args, DEFAULT_PAGE_SIZE);
    if (!Number.isInteger(page.size) || page.size < 1 || page.size > MAX_PAGE_SIZE) throw new InvalidInput(`first must be between 1 and ${MAX_PAGE_SIZE}`);
    const { items, hasMore } = await searchCreators(
      context.em,
      viewer,
      {
        roleIds: knownIds(filter?.roleIds, 'CreditRole', creditRoleById),
        geohash: filter?.geohash ?? null,
        listId: filter?.listId ? parseGlobalId(filter.listId, 'List') : null,
        networkIds: knownIds(filter?.networkIds, 'Network', networkById),
        minFollowers: filter?.minFollowers ?? null,
        maxFollowers: filter?.maxFollowers ?? null,
        creditedWithinDays: filter?.creditedWithinDays ?? null,
        text: filter?.text ?? null,
        openToWork: filter?.openToWork ?? false,
      },
      page,
    );
    return offsetConnection(items, page, hasMore);
  }

  @FieldResolver(() => [HeldCreditRole], { description: 'The roles the person holds a public credit in on posts the viewer may see, most used first, as on their profile: a fixed set of roles.' })
  async roles(@Root() hit: CreatorHit, @Ctx() { em, viewer }: RequestContext): Promise<HeldCreditRole[]> {
    const summary = await loadPersonSummary(em, viewer, hit.user.id);
    return summary.roles.map((held) => ({ role: em.map(CreditRole, { id: held.roleId, name: held.name, emoji: held.emoji }), posts: held.posts }));
  }

  @FieldResolver(() => String, { nullable: true, description: 'Where the person is based ("Lisbon, Portugal"); null when they have not said.' })
  location(@Root() hit: CreatorHit): string | null {
    return hit.user.locationName;
  }

  @FieldResolver(() => [CollaboratorType], { description: TOP_COLLABORATORS_DESCRIPTION })
  topCollaborators(@Root() hit: CreatorHit, @Ctx() { em, viewer }: RequestContext): Promise<Collaborator[]> {
    return loadTopCollaborators(em, viewer, hit.user.id);
  }
}
