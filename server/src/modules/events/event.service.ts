import type { EntityManager } from '@mikro-orm/postgresql';
import { EVENT_MESSAGES, EVENT_NAME_MAX, EVENT_TAG_TYPE_ID, POST_EVENTS_MAX, eventDatesProblem, eventSlugProblem } from '../../../../domain/events.js';
import { validateLocation } from '../../../../domain/profile-settings.js';
import { singleLine } from '../../../../domain/plain-text.js';
import { isUniqueViolation } from '../../db/database-errors.js';
import { Conflict, Forbidden, InvalidInput, NotFound } from '../../errors/app-errors.js';
import { requireAdminViewer } from '../admin/index.js';
import { auditViewer, recordAudit } from '../audit/index.js';
import { mayCreditOthersOn } from '../credits/index.js';
import { findVisiblePost } from '../posts/index.js';
import { Tag } from '../tags/index.js';
import type { Viewer } from '../users/index.js';
import { Event } from './event.entity.js';

export interface EventChanges {
  name?: string;
  slug?: string;
  startsOn?: string;
  endsOn?: string;
  /** Null clears the place. */
  place?: { name: string; geohash: string } | null;
  coverAlt?: string | null;
}

/** The event at `/{slug}`, compared case-insensitively as usernames are; anyone may see it. */
export function findEventBySlug(em: EntityManager, slug: string): Promise<Event | null> {
  return em.findOne(Event, { slug: slug.trim().toLowerCase() }, { populate: ['tag'] });
}

/** docs/product.md §Events: admins create events (anyone else: not found, as every admin tool). */
export async function createEvent(em: EntityManager, viewer: Viewer | null, changes: Required<Pick<EventChanges, 'name' | 'slug' | 'startsOn' | 'endsOn'>> & EventChanges): Promise<Event> {
  const admin = requireAdminViewer(viewer);
  return em.transactional(async (tx) => {
    const name = checkedName(changes.name);
    // The event's tag is the one named so, when an admin or an import made it already.
    const tag = (await tx.findOne(Tag, { tagType: EVENT_TAG_TYPE_ID, name: { $ilike: name.replace(/[\\%_]/g, '\\$&') } })) ?? tx.create(Tag, { tagType: EVENT_TAG_TYPE_ID, name });
    const event = tx.create(Event, { tag, slug: '', startsOn: changes.startsOn, endsOn: changes.endsOn });
    await applyChanges(tx, event, { ...changes, name: undefined });
    await flushOrConflict(tx);
    recordAudit(tx, auditViewer(admin), { action: 'create', target: 'events', targetId: event.id, fields: { slug: event.slug, tagId: tag.id } });
    return event;
  });
}

/** docs/product.md §Events: admins edit an event; renaming it renames its tag. */
export async function updateEvent(em: EntityManager, viewer: Viewer | null, eventId: number, changes: EventChanges): Promise<Event> {
  const admin = requireAdminViewer(viewer);
  return em.transactional(async (tx) => {
    const event = await tx.findOne(Event, eventId, { populate: ['tag'] });
    if (!event) throw new NotFound('Event not found');
    if (changes.name !== undefined) event.tag.getEntity().name = checkedName(changes.name);
    await applyChanges(tx, event, { ...changes, name: undefined });
    await flushOrConflict(tx);
    recordAudit(tx, auditViewer(admin), { action: 'update', target: 'events', targetId: event.id, fields: { changed: Object.keys(changes).filter((key) => changes[key as keyof EventChanges] !== undefined) } });
    return event;
  });
}

function checkedName(wanted: string): string {
  const name = singleLine(wanted).trim();
  if (name === '') throw new InvalidInput(EVENT_MESSAGES.nameRequired, { field: 'name' });
  if (name.length > EVENT_NAME_MAX) throw new InvalidInput(EVENT_MESSAGES.nameTooLong, { field: 'name' });
  return name;
}

async function applyChanges(em: EntityManager, event: Event, changes: EventChanges): Promise<void> {
  if (changes.slug !== undefined) {
    const slug = changes.slug.trim().toLowerCase();
    const problem = eventSlugProblem(slug);
    if (problem) throw new InvalidInput(problem, { field: 'slug' });
    // Slugs and usernames share the top-level addresses (docs/product.md §Events).
    const [holder] = await em.execute<Array<{ id: number }>>('select id from users where lower(username) = ? limit 1', [slug]);
    if (holder) throw new Conflict(EVENT_MESSAGES.slugTaken, { field: 'slug' });
    event.slug = slug;
  }
  if (changes.startsOn !== undefined) event.startsOn = changes.startsOn;
  if (changes.endsOn !== undefined) event.endsOn = changes.endsOn;
  const datesProblem = eventDatesProblem(event.startsOn, event.endsOn);
  if (datesProblem) throw new InvalidInput(datesProblem, { field: 'endsOn' });
  if (changes.place === null) Object.assign(event, { placeName: null, placeGeohash: null });
  else if (changes.place !== undefined) {
    const name = changes.place.name.trim().replace(/\s+/g, ' ');
    const geohash = changes.place.geohash.trim().toLowerCase();
    const problem = validateLocation(name, geohash);
    if (problem) throw new InvalidInput(problem.message, { field: problem.field === 'locationName' ? 'placeName' : 'placeGeohash' });
    Object.assign(event, { placeName: name, placeGeohash: geohash });
  }
  if (changes.coverAlt !== undefined) event.coverAlt = changes.coverAlt === null ? null : singleLine(changes.coverAlt).trim().slice(0, 300) || null;
}

async function flushOrConflict(em: EntityManager): Promise<void> {
  try {
    await em.flush();
  } catch (error) {
    if (isUniqueViolation(error, 'events_slug_lower_unique')) throw new Conflict(EVENT_MESSAGES.slugTaken, { field: 'slug' });
    if (isUniqueViolation(error, 'events_tag_id_unique')) throw new Conflict(EVENT_MESSAGES.slugTaken, { field: 'name' });
    throw error;
  }
}

/**
 * docs/product.md §Events: whoever may credit other people on a post (§Credits) may add an
 * event's tag to it or take it off. A post the viewer may not see is not found.
 */
export async function setPostEvent(em: EntityManager, viewer: Viewer, postId: number, eventId: number, tagged: boolean): Promise<void> {
  const post = await findVisiblePost(em, viewer, postId);
  if (!post) throw new NotFound('Post not found');
  if (!(await mayCreditOthersOn(em, viewer, post))) throw new Forbidden('Only people who may credit on this post can tag it with an event.');
  const event = await em.findOne(Event, eventId);
  if (!event) throw new NotFound('Event not found');
  const tagId = event.tag.id;
  await em.transactional(async (tx) => {
    if (tagged) {
      // The post's row is locked so two taggings at once cannot both pass the count.
      await tx.execute('select id from posts where id = ? for update', [post.id]);
      const [carried] = await tx.execute<Array<{ n: number }>>(
        'select count(*)::int as n from post_tags pt join events e on e.tag_id = pt.tag_id where pt.post_id = ? and pt.tag_id <> ?',
        [post.id, tagId],
      );
      if ((carried?.n ?? 0) >= POST_EVENTS_MAX) throw new InvalidInput(EVENT_MESSAGES.tooManyEvents);
    }
    const changed = tagged
      ? await tx.execute<Array<{ post_id: number }>>('insert into post_tags (post_id, tag_id) values (?, ?) on conflict do nothing returning post_id', [post.id, tagId])
      : await tx.execute<Array<{ post_id: number }>>('delete from post_tags where post_id = ? and tag_id = ? returning post_id', [post.id, tagId]);
    // Adding a tag the post has, or removing one it lacks, changes nothing and records nothing.
    if (changed.length === 0) return;
    recordAudit(tx, auditViewer(viewer), { action: tagged ? 'create' : 'delete', target: 'post_tags', targetId: post.id, fields: { tagId, eventId: event.id } });
    await tx.flush();
  });
}
