/** A post's day (`2026-11-18`) as readers write it: "18 November 2026", the same on server and browser. */
export function formatPublishedOn(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}
