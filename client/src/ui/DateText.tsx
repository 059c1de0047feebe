import { formatDate } from './formatDate';
import { useHydrated } from './useHydrated';

/**
 * A day as people read it, marked up with the exact instant for machines and assistive tech.
 * The server cannot know the reader's time zone, so a server-rendered page shows the UTC day until
 * the app has taken it over (the same text on both sides, or React would render the page again),
 * then the reader's own.
 */
export function DateText({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDate(iso, useHydrated() ? 'reader' : 'UTC')}</time>;
}
