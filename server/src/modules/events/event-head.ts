import type { EntityManager } from '@mikro-orm/postgresql';
import { CAPTION_SUBTITLE_MAX, PRODUCT_NAME } from '../../../../domain/constants.js';
import { eventDatesLabel } from '../../../../domain/events.js';
import { truncate } from '../../../../domain/format.js';
import { decodePathSegment } from '../../../../domain/url-parts.js';
import type { ServerPageHead } from '../../http/page-head-html.js';
import { eventCoverPath } from './event.cover-store.js';
import { Event } from './event.entity.js';

/**
 * The head of an event's page at `/{slug}` (docs/product.md §Events): its social card and
 * schema.org `Event`. Another path, or a slug no event has, is null (a profile's head comes first:
 * slugs and usernames never share a name).
 */
export async function eventPageHead(em: EntityManager, publicUrl: string, pathname: string): Promise<ServerPageHead | null> {
  const match = /^\/([a-z0-9-]{3,40})\/?$/i.exec(pathname);
  const slug = match ? decodePathSegment(match[1]!) : null;
  if (!slug) return null;
  const event = await em.findOne(Event, { slug: slug.toLowerCase() }, { populate: ['tag'] });
  if (!event) return null;
  const name = event.tag.getEntity().name;
  const url = new URL(`/${event.slug}`, publicUrl).href;
  const image = event.coverVersion ? new URL(eventCoverPath(event.id, event.coverVersion), publicUrl).href : null;
  const when = eventDatesLabel(event.startsOn, event.endsOn);
  const description = truncate(`${name}: ${when}${event.placeName ? `, ${event.placeName}` : ''}. The posts made there and the people credited on them, on ${PRODUCT_NAME}.`, CAPTION_SUBTITLE_MAX);
  return {
    title: `${name} | ${PRODUCT_NAME}`,
    description,
    url,
    image,
    ogType: 'website',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Event',
      name,
      description,
      url,
      startDate: event.startsOn,
      endDate: event.endsOn,
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      ...(event.placeName ? { location: { '@type': 'Place', name: event.placeName, address: { '@type': 'PostalAddress', addressLocality: event.placeName } } } : {}),
      ...(image ? { image: [image] } : {}),
    },
  };
}
