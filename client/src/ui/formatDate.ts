const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

/** A day people read at a glance, e.g. "Nov 21, 2026", in the reader's time zone. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}
