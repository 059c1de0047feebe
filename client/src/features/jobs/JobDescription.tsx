import { linkify } from '@ui/linkify';

/** A job's description or an applicant's message: line breaks kept, addresses linked. */
export function PlainText({ text, className }: { text: string; className?: string }) {
  return <div className={className ?? 'job-text'}>{linkify(text)}</div>;
}
