import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, FieldResolver, Info, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { EVENT_PEOPLE_MAX, POST_EVENTS_MAX } from '../../../../domain/events.js';
import type { Connection } from '../../graphql/connection.js';
import { parseGlobalId } from '../../graphql/global-id.js';
import { offsetConnection, readOffsetPage } from '../../graphql/offset-pagination.js';
import { DEFAULT_PAGE_SIZE, ForwardPageArgs, MAX_PAGE_SIZE } from '../../graphql/pagination.js';
import { InvalidInput } from '../../errors/app-errors.js';
import { loadPostCreditPages } from '../credits/index.js';
import { Post, PostConnection, creditsPageAsked, findVisiblePost, type PostView } from '../posts/index.js';
import { requireViewer, User } from '../users/index.js';
import type { RequestContext } from '../users/index.js';
import { eventCoverPath } from './event.cover-store.js';
import { Event } from './event.entity.js';
import { postEvents } from './event.loaders.js';
import { eventPeople, eventPostsPage } from './event-posts.js';
import { createEvent, findEventBySlug, setPostEvent, updateEvent } from './event.service.js';
import { AddPostEventInput, AddPostEventPayload, CreateEventInput, CreateEventPayload, EventConnection, RemovePostEventInput, RemovePostEventPayload, UpdateEventInput, UpdateEventPayload } from './event.types.js';

function checkedPage(args: ForwardPageArgs) {
  const page = readOffsetPage(args, DEFAULT_PAGE_SIZE);
  if (!Number.isInteger(page.size) || page.size < 1 || page.size > MAX_PAGE_SIZE) throw new InvalidInput(`first must be between 1 and ${MAX_PAGE_SIZE}`);
  return page;
}

/** docs/product.md §Events: events are public; admins create and edit them. */
@Resolver(() => Event)
export class EventResolver {
  @Query(() => Event, { nullable: true, description: 'The event at /{slug}, for everyone, signed out too; null when there is none.' })
  event(@Arg('slug', () => String, { description: 'The event’s address without the slash, e.g. sportssummit26.' }) slug: string, @Ctx() { em }: RequestContext): Promise<Event | null> {
    if (slug.length > 100) return Promise.resolve(null);
    return findEventBySlug(em, slug);
  }

  @Query(() => EventConnection, { description: 'Every event, the latest to start first: for tagging posts and for the admins’ list.' })
  async events(@Args(() => ForwardPageArgs) args: ForwardPageArgs, @Ctx() { em }: RequestContext): Promise<Connection<Event>> {
    const page = checkedPage(args);
    const rows = await em.find(Event, {}, { populate: ['tag'], orderBy: [{ startsOn: 'desc' }, { id: 'desc' }], offset: page.offset, limit: page.size + 1 });
    return offsetConnection(rows.slice(0, page.size), page, rows.length > page.size);
  }

  @Mutation(() => CreateEventPayload, { description: 'Admins only (anyone else: not found): a new event and its tag.' })
  async createEvent(@Arg('input', () => CreateEventInput, { description: 'The new event.' }) input: CreateEventInput, @Ctx() { em, viewer }: RequestContext): Promise<CreateEventPayload> {
    return { event: await createEvent(em, viewer, { ...input, place: input.place ?? undefined, coverAlt: input.coverAlt ?? undefined }) };
  }

  @Mutation(() => UpdateEventPayload, { description: 'Admins only (anyone else: not found): changes an event; renaming it renames its tag.' })
  async updateEvent(@Arg('input', () => UpdateEventInput, { description: 'The event and what changes.' }) input: UpdateEventInput, @Ctx() { em, viewer }: RequestContext): Promise<UpdateEventPayload> {
    const { id, place, ...rest } = input;
    const changes = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== null && value !== undefined));
    return { event: await updateEvent(em, viewer, parseGlobalId(id, 'Event'), { ...changes, ...('place' in input ? { place: place ?? null } : {}) }) };
  }

  @FieldResolver(() => Int, { description: 'The event’s number in Byline’s database, as the cover upload address takes it; use id for everything else.' })
  databaseId(@Root() event: Event): number {
    return event.id;
  }

  @FieldResolver(() => String, { description: 'The event’s name: its tag’s.' })
  async name(@Root() event: Event): Promise<string> {
    return (await event.tag.loadOrFail()).name;
  }

  @FieldResolver(() => Int, { description: 'The event’s tag, as explore’s tag filter takes it (tagDatabaseIds).' })
  tagDatabaseId(@Root() event: Event): number {
    return event.tag.id;
  }

  @FieldResolver(() => String, { nullable: true, description: 'The cover’s address, null without one.' })
  coverUrl(@Root() event: Event): string | null {
    return event.coverVersion ? eventCoverPath(event.id, event.coverVersion) : null;
  }

  @FieldResolver(() => PostConnection, { description: 'The posts carrying the event’s tag that the viewer may see, newest first.' })
  async posts(@Root() event: Event, @Args(() => ForwardPageArgs) args: ForwardPageArgs, @Ctx() { em, viewer }: RequestContext, @Info() info: GraphQLResolveInfo): Promise<Connection<PostView>> {
    const page = checkedPage(args);
    const { items, hasMore } = await eventPostsPage(em, viewer, event.tag.id, page);
    // Each post's credits read now, in one statement, rather than by each post's field.
    const creditsPage = creditsPageAsked(info);
    if (creditsPage) await loadPostCreditPages(em, viewer, creditsPage, items.map((post) => post.id));
    return offsetConnection(items, page, hasMore);
  }

  @FieldResolver(() => [User], { description: `The people credited (and who accepted) on the event’s public posts, most posts first: at most ${EVENT_PEOPLE_MAX}.` })
  people(@Root() event: Event, @Ctx() { em }: RequestContext): Promise<User[]> {
    return eventPeople(em, event.tag.id, EVENT_PEOPLE_MAX);
  }
}

/** A post's events, and tagging a post with one (docs/product.md §Events). */
@Resolver(() => Post)
export class PostEventsResolver {
  @FieldResolver(() => [Event], { description: `The events whose tag the post carries: at most ${POST_EVENTS_MAX}.` })
  events(@Root() post: Post, @Ctx() { em }: RequestContext): Event[] | Promise<Event[]> {
    return postEvents.load(em, post.id);
  }

  @Mutation(() => AddPostEventPayload, { description: 'Tags a post with an event: for those who may credit other people on the post.' })
  async addPostEvent(@Arg('input', () => AddPostEventInput, { description: 'The post and the event.' }) input: AddPostEventInput, @Ctx() context: RequestContext): Promise<AddPostEventPayload> {
    return { post: await tagPost(context, input, true) };
  }

  @Mutation(() => RemovePostEventPayload, { description: 'Takes an event’s tag off a post: for those who may credit other people on the post.' })
  async removePostEvent(@Arg('input', () => RemovePostEventInput, { description: 'The post and the event.' }) input: RemovePostEventInput, @Ctx() context: RequestContext): Promise<RemovePostEventPayload> {
    return { post: await tagPost(context, input, false) };
  }
}

async function tagPost(context: RequestContext, input: AddPostEventInput | RemovePostEventInput, tagged: boolean): Promise<Post> {
  const viewer = requireViewer(context);
  const postId = parseGlobalId(input.postId, 'Post');
  await setPostEvent(context.em, viewer, postId, parseGlobalId(input.eventId, 'Event'), tagged);
  const post = await findVisiblePost(context.em, viewer, postId);
  if (!post) throw new InvalidInput('Invalid id');
  return post;
}
