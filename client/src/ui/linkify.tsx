import type { ReactNode } from 'react';

/** Web addresses in plain text; what follows a space, a quote or an angle bracket is not part of one. */
const WEB_ADDRESS = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Sentence punctuation right after an address belongs to the sentence. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

/**
 * Plain text with its web addresses made links, everything else shown as text (React escapes it):
 * docs/product.md §Jobs and §Messages. Only http(s) addresses become links, so no `javascript:` can.
 */
export function linkify(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(WEB_ADDRESS)) {
    const start = match.index;
    const address = match[0].replace(TRAILING_PUNCTUATION, '');
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <a key={start} href={address} rel="noopener noreferrer nofollow ugc" target="_blank">
        {address}
      </a>,
    );
    last = start + address.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
