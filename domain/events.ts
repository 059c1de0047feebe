/**
 * Events' own rules (docs/product.md §Events): an event is a tag of type 1 with a page of its own
 * at `/{slug}`. Its slug shares the top-level addresses with usernames, so it obeys the same
 * reservation list and no user may hold it.
 */
import { isReservedUsername } from './usernames.js';

/** Tag type 1 (docs/product.md §Events). */
export const EVENT_TAG_TYPE_ID = 1;
export const EVENT_NAME_MAX = 200;
export const EVENT_SLUG_MIN = 3;
export const EVENT_SLUG_MAX = 40;
/** People credited on an event's posts, shown on its page. */
export const EVENT_PEOPLE_MAX = 24;
/** Events one post may carry: a post is shown at a handful of events, and its page lists them all. */
export const POST_EVENTS_MAX = 10;

export const EVENT_MESSAGES = {
  nameRequired: 'An event needs a name.',
  nameTooLong: `An event's name is at most ${EVENT_NAME_MAX} characters.`,
  slugInvalid: `The address must be ${EVENT_SLUG_MIN} to ${EVENT_SLUG_MAX} lower-case letters, digits or single hyphens between them.`,
  slugReserved: 'That address is one of Byline\u2019s own pages.',
  slugTaken: 'That address is already a profile or another event.',
  dateInvalid: 'Dates are written YYYY-MM-DD and must be real days.',
  endsBeforeStart: 'An event cannot end before it starts.',
  notAnEvent: 'That tag is not an event.',
  tooManyEvents: `A post can carry at most ${POST_EVENTS_MAX} events.`,
} as const;

const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** What is wrong with a wanted event slug (its syntax and reserved names), or null. */
export function eventSlugProblem(slug: string): string | null {
  if (slug.length < EVENT_SLUG_MIN || slug.length > EVENT_SLUG_MAX || !SLUG_PATTERN.test(slug)) return EVENT_MESSAGES.slugInvalid;
  return isReservedUsername(slug) ? EVENT_MESSAGES.slugReserved : null;
}

/** Whether `text` is a real calendar day written YYYY-MM-DD. */
export function isCalendarDay(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** What is wrong with an event's dates, or null. ISO days compare correctly as text. */
export function eventDatesProblem(startsOn: string, endsOn: string): string | null {
  if (!isCalendarDay(startsOn) || !isCalendarDay(endsOn)) return EVENT_MESSAGES.dateInvalid;
  return endsOn < startsOn ? EVENT_MESSAGES.endsBeforeStart : null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function dayParts(day: string): { year: string; month: string; date: number } {
  const [year = '', month = '1', date = '1'] = day.split('-');
  return { year, month: MONTHS[Number(month) - 1] ?? '', date: Number(date) };
}

/** "12–14 Mar 2026", "30 Mar – 2 Apr 2026", "12 Mar 2026": an event's days as its page shows them. */
export function eventDatesLabel(startsOn: string, endsOn: string): string {
  const start = dayParts(startsOn);
  const end = dayParts(endsOn);
  if (startsOn === endsOn) return `${start.date} ${start.month} ${start.year}`;
  if (start.year !== end.year) return `${start.date} ${start.month} ${start.year} \u2013 ${end.date} ${end.month} ${end.year}`;
  if (start.month !== end.month) return `${start.date} ${start.month} \u2013 ${end.date} ${end.month} ${end.year}`;
  return `${start.date}\u2013${end.date} ${end.month} ${end.year}`;
}
