const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });
const utcDateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * A day people read at a glance, e.g. "Nov 21, 2026", in the reader's time zone, or in UTC where
 * the reader's zone is not known (a server-rendered page: `ui/DateText.tsx`).
 */
export function formatDate(iso: string, zone: 'reader' | 'UTC' = 'reader'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return (zone === 'UTC' ? utcDateFormat : dateFormat).format(date);
}
