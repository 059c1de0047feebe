import { requestLoader } from '../../db/request-loader.js';
import { idArray } from '../../db/prepared-read.js';
import { Event } from './event.entity.js';

/** The events each post carries (by their tags), oldest event first: one statement for a page of posts. */
export const postEvents = requestLoader<number, Event[]>(async (em, postIds) => {
  const rows = await em.execute<Array<{ post_id: number; event_id: number }>>(
    'select pt.post_id, e.id as event_id from post_tags pt join events e on e.tag_id = pt.tag_id where pt.post_id = any(?::int[]) order by e.id',
    [idArray(postIds)],
  );
  const events = rows.length === 0 ? [] : await em.find(Event, { id: { $in: [...new Set(rows.map((row) => Number(row.event_id)))] } }, { populate: ['tag'] });
  const byId = new Map(events.map((event) => [event.id, event]));
  return postIds.map((postId) => rows.filter((row) => Number(row.post_id) === postId).flatMap((row) => byId.get(Number(row.event_id)) ?? []));
});
