import { formatDate } from './formatDate';

/** A day as people read it, marked up with the exact instant for machines and assistive tech. */
export function DateText({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDate(iso)}</time>;
}
