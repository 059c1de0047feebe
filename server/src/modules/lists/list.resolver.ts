import { Arg, Args, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { childConnection } from '../../graphql/child-connections.js';
import type { Connection } from '../../graphql/connection.js';
import type { RequestContext, UserView } from '../users/index.js';
import { parseGlobalId, toGlobalId } from '../../graphql/global-id.js';
import { PageArgs, readKeysetPage } from '../../graphql/pagination.js';
import { InvalidInput, NotFound } from '../../errors/app-errors.js';
import { LIST_MESSAGES } from '../../../../domain/lists.js';
import { requireViewer, User } from '../users/index.js';
import { CreditRole } from '../credits/index.js';
import { Post } from '../posts/index.js';
import type { PostView } from '../posts/index.js';
import { List, ListPersonEntry, ListPostEntry } from './list.entity.js';
import { loadListCounts, loadUser, loadViewerListIds, loadVisiblePost } from './list.loaders.js';
import { loadPersonSummary } from './list-person-summary.js';
import { canManageList, canRenameOrDeleteList } from './list.policy.js';
import { addToList, createList, deleteList, findVisibleLists, listOwnLists, removeFromList, renameList, type ListItem } from './list.service.js';
import {
  AddToListInput,
  AddToListPayload,
  CreateListInput,
  CreateListPayload,
  DeleteListInput,
  DeleteListPayload,
  HeldCreditRole,
  ListConnection,
  ListPerson,
  ListPersonConnection,
  ListPost,
  ListPostConnection,
  ListViewerCan,
  PersonTotalsType,
  RemoveFromListInput,
  RemoveFromListPayload,
  RenameListInput,
  RenameListPayload,
} from './list.types.js';

// Newest additions first, as Pinterest boards and Behance moodboards show them.
const LIST_PEOPLE = { name: 'list-people', entity: ListPersonEntry, table: 'list_people', parentColumn: 'list_id', order: 'desc' } as const;
const LIST_POSTS = { name: 'list-posts', entity: ListPostEntry, table: 'list_posts', parentColumn: 'list_id', order: 'desc' } as const;

function mapConnection<A, B>(connection: Connection<A>, toView: (row: A) => B): Connection<B> {
  const nodes = connection.nodes.map(toView);
  return { ...connection, nodes, edges: connection.edges.map((edge, index) => ({ cursor: edge.cursor, node: nodes[index]! })) };
}

/** The list and exactly one person or post, from an add/remove input's global ids. */
function readItem(input: { userId?: string | null; postId?: string | null }): ListItem {
  if (input.userId && !input.postId) return { userId: parseGlobalId(input.userId, 'User') };
  if (input.postId && !input.userId) return { postId: parseGlobalId(input.postId, 'Post') };
  throw new InvalidInput('Name exactly one of userId and postId.');
}

async function itemPayload(context: RequestContext, list: List, item: ListItem): Promise<{ list: List; user: User | null; post: Post | null }> {
  if ('userId' in item) return { list, user: await loadUser(context.em, item.userId), post: null };
  return { list, user: null, post: await loadVisiblePost(context.em, context.viewer, item.postId) };
}

@Resolver(() => List)
export class ListResolver {
  @Query(() => ListConnection, { description: 'The viewer’s lists: Favorites and Prospects first, then their own in the order they were made (at most 100).' })
  viewerLists(@Args(() => PageArgs) page: PageArgs, @Ctx() context: RequestContext): Promise<Connection<List>> {
    return listOwnLists(context.em, requireViewer(context), readKeysetPage(page));
  }

  @Query(() => List, { nullable: true, description: 'One of the viewer’s lists by the number in its page link (/lists/{databaseId}); null when it is not theirs.' })
  async listByDatabaseId(@Arg('databaseId', () => Int, { description: 'The number in the list’s page link.' }) databaseId: number, @Ctx() context: RequestContext): Promise<List | null> {
    const [list] = await findVisibleLists(context.em, requireViewer(context), [databaseId]);
    return list ?? null;
  }

  @FieldResolver(() => ListPersonConnection, { description: 'The people in the list, most recently added first.' })
  async people(@Root() list: List, @Args(() => PageArgs) page: PageArgs, @Ctx() context: RequestContext): Promise<Connection<ListPerson>> {
    // A list reaches a client only through its owner's queries, but its contents are checked here too.
    if (!canManageList(context.viewer, list)) throw new NotFound(LIST_MESSAGES.listNotFound);
    const entries = await childConnection(context.em, LIST_PEOPLE, list.id, readKeysetPage(page));
    return mapConnection(entries, (entry) => ({ userId: entry.user.id, addedAt: entry.createdAt }));
  }

  @FieldResolver(() => ListPostConnection, { description: 'The posts in the list, most recently added first.' })
  async posts(@Root() list: List, @Args(() => PageArgs) page: PageArgs, @Ctx() context: RequestContext): Promise<Connection<ListPost>> {
    if (!canManageList(context.viewer, list)) throw new NotFound(LIST_MESSAGES.listNotFound);
    const entries = await childConnection(context.em, LIST_POSTS, list.id, readKeysetPage(page));
    return mapConnection(entries, (entry) => ({ postId: entry.post.id, addedAt: entry.createdAt }));
  }

  @FieldResolver(() => Int, { description: 'How many people the list holds.' })
  async peopleCount(@Root() list: List, @Ctx() { em }: RequestContext): Promise<number> {
    return (await loadListCounts(em, list.id)).people;
  }

  @FieldResolver(() => Int, { description: 'How many posts the list holds.' })
  async postsCount(@Root() list: List, @Ctx() { em }: RequestContext): Promise<number> {
    return (await loadListCounts(em, list.id)).posts;
  }

  @FieldResolver(() => ListViewerCan, { description: 'What the viewer may do with the list: rename, delete, add and remove.' })
  viewerCan(@Root() list: List, @Ctx() { viewer }: RequestContext): ListViewerCan {
    const renameOrDelete = canRenameOrDeleteList(viewer, list);
    return { rename: renameOrDelete, delete: renameOrDelete, addAndRemove: canManageList(viewer, list) };
  }

  @Mutation(() => CreateListPayload, { description: 'Makes a list (at most 100 per person, Favorites and Prospects included).' })
  async createList(@Arg('input', () => CreateListInput, { description: 'The new list’s name.' }) input: CreateListInput, @Ctx() context: RequestContext): Promise<CreateListPayload> {
    return { list: await createList(context.em, requireViewer(context), input.name) };
  }

  @Mutation(() => RenameListPayload, { description: 'Renames one of your lists; Favorites and Prospects keep their names.' })
  async renameList(@Arg('input', () => RenameListInput, { description: 'The list and its new name.' }) input: RenameListInput, @Ctx() context: RequestContext): Promise<RenameListPayload> {
    const viewer = requireViewer(context);
    return { list: await renameList(context.em, viewer, parseGlobalId(input.listId, 'List'), input.name) };
  }

  @Mutation(() => DeleteListPayload, { description: 'Deletes one of your lists; Favorites and Prospects are always there.' })
  async deleteList(@Arg('input', () => DeleteListInput, { description: 'The list to delete.' }) input: DeleteListInput, @Ctx() context: RequestContext): Promise<DeleteListPayload> {
    const viewer = requireViewer(context);
    const list = await deleteList(context.em, viewer, parseGlobalId(input.listId, 'List'));
    return { deletedListId: toGlobalId('List', list.id) };
  }

  @Mutation(() => AddToListPayload, { description: 'Adds a person or a post to one of your lists (once each; at most 5,000 in a list).' })
  async addToList(@Arg('input', () => AddToListInput, { description: 'The list and the person or post.' }) input: AddToListInput, @Ctx() context: RequestContext): Promise<AddToListPayload> {
    const viewer = requireViewer(context);
    const item = readItem(input);
    const list = await addToList(context.em, viewer, parseGlobalId(input.listId, 'List'), item);
    return itemPayload(context, list, item);
  }

  @Mutation(() => RemoveFromListPayload, { description: 'Takes a person or a post out of one of your lists.' })
  async removeFromList(@Arg('input', () => RemoveFromListInput, { description: 'The list and the person or post.' }) input: RemoveFromListInput, @Ctx() context: RequestContext): Promise<RemoveFromListPayload> {
    const viewer = requireViewer(context);
    const item = readItem(input);
    const list = await removeFromList(context.em, viewer, parseGlobalId(input.listId, 'List'), item);
    return itemPayload(context, list, item);
  }
}

/** A person's roles, place and totals in a list: two grouped queries for the whole page (list-person-summary.ts). */
@Resolver(() => ListPerson)
export class ListPersonResolver {
  @FieldResolver(() => User, { description: 'The person, as their profile shows them to the viewer.' })
  async user(@Root() person: ListPerson, @Ctx() { em }: RequestContext): Promise<User> {
    const user = await loadUser(em, person.userId);
    // The entry goes with its person (on delete cascade), so the user is there.
    if (!user) throw new Error(`List entry without its user ${person.userId}`);
    return user;
  }

  @FieldResolver(() => [HeldCreditRole], { description: 'The roles the person holds a public credit in on posts the viewer may see, most used first, as on their profile: a fixed set of roles.' })
  async roles(@Root() person: ListPerson, @Ctx() { em, viewer }: RequestContext): Promise<HeldCreditRole[]> {
    const summary = await loadPersonSummary(em, viewer, person.userId);
    return summary.roles.map((held) => ({ role: em.map(CreditRole, { id: held.roleId, name: held.name, emoji: held.emoji }), posts: held.posts }));
  }

  @FieldResolver(() => String, { nullable: true, description: 'Where the person is based ("Lisbon, Portugal"); null when they have not said.' })
  async location(@Root() person: ListPerson, @Ctx() { em }: RequestContext): Promise<string | null> {
    return (await loadUser(em, person.userId))?.locationName ?? null;
  }

  @FieldResolver(() => PersonTotalsType, { description: 'Their posts, views and likes added up, as their profile shows them to the viewer.' })
  async totals(@Root() person: ListPerson, @Ctx() { em, viewer }: RequestContext): Promise<PersonTotalsType> {
    return (await loadPersonSummary(em, viewer, person.userId)).totals;
  }
}

@Resolver(() => ListPost)
export class ListPostResolver {
  @FieldResolver(() => Post, { nullable: true, description: 'Null when the post has since become one the viewer may not see (made private, say).' })
  post(@Root() entry: ListPost, @Ctx() { em, viewer }: RequestContext): Promise<Post | null> {
    return loadVisiblePost(em, viewer, entry.postId);
  }
}

/** The checkmarks of the Add-to-list menu: which of the viewer's lists hold this person or post. */
@Resolver(() => User)
export class UserListsResolver {
  @FieldResolver(() => [ID], { description: 'Global ids of the viewer’s lists that hold this person (at most 100); empty when signed out.' })
  async viewerListIds(@Root() user: UserView, @Ctx() { em, viewer }: RequestContext): Promise<string[]> {
    if (!viewer) return [];
    return (await loadViewerListIds(em, viewer, 'user_id', user.id)).map((id) => toGlobalId('List', id));
  }
}

@Resolver(() => Post)
export class PostListsResolver {
  @FieldResolver(() => [ID], { description: 'Global ids of the viewer’s lists that hold this post (at most 100); empty when signed out.' })
  async viewerListIds(@Root() post: PostView, @Ctx() { em, viewer }: RequestContext): Promise<string[]> {
    if (!viewer) return [];
    return (await loadViewerListIds(em, viewer, 'post_id', post.id)).map((id) => toGlobalId('List', id));
  }
}
