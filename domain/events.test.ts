import { describe, expect, it } from 'vitest';
import { EVENT_MESSAGES, eventDatesLabel, eventDatesProblem, eventSlugProblem, isCalendarDay } from './events.js';

describe('event slugs', () => {
  it('takes lower-case words joined by single hyphens', () => {
    expect(eventSlugProblem('sportssummit26')).toBeNull();
    expect(eventSlugProblem('design-week-2027')).toBeNull();
  });

  it('refuses other shapes and lengths', () => {
    for (const slug of ['ab', 'Sports', 'a--b', '-ab', 'ab-', 'a b c', 'x'.repeat(41)]) expect(eventSlugProblem(slug)).toBe(EVENT_MESSAGES.slugInvalid);
  });

  it('refuses the product’s own first segments', () => {
    expect(eventSlugProblem('explore')).toBe(EVENT_MESSAGES.slugReserved);
    expect(eventSlugProblem('admin')).toBe(EVENT_MESSAGES.slugReserved);
  });
});

describe('event dates', () => {
  it('knows real days', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-2-1')).toBe(false);
  });

  it('refuses an end before the start', () => {
    expect(eventDatesProblem('2026-03-12', '2026-03-14')).toBeNull();
    expect(eventDatesProblem('2026-03-12', '2026-03-12')).toBeNull();
    expect(eventDatesProblem('2026-03-14', '2026-03-12')).toBe(EVENT_MESSAGES.endsBeforeStart);
    expect(eventDatesProblem('2026-13-01', '2026-13-02')).toBe(EVENT_MESSAGES.dateInvalid);
  });

  it('labels one day, days in a month, across months and across years', () => {
    expect(eventDatesLabel('2026-03-12', '2026-03-12')).toBe('12 Mar 2026');
    expect(eventDatesLabel('2026-03-12', '2026-03-14')).toBe('12\u201314 Mar 2026');
    expect(eventDatesLabel('2026-03-30', '2026-04-02')).toBe('30 Mar \u2013 2 Apr 2026');
    expect(eventDatesLabel('2026-12-30', '2027-01-02')).toBe('30 Dec 2026 \u2013 2 Jan 2027');
  });
});
