import * as MESSAGES from '../../../domain/messages.js';
import { MAX_SEARCH_TEXT_LENGTH } from '../../../domain/search.js';
import { InvalidInput } from '../errors/app-errors.js';

/**
 * A search argument as searched: trimmed, without a leading # or @; null when nothing is left to
 * search for (a typed # or @ alone does not search, docs/product.md §Search). Too long: "Invalid query".
 */
export function normaliseSearchText(rawText: string): string | null {
  if (rawText.length > MAX_SEARCH_TEXT_LENGTH) throw new InvalidInput(MESSAGES.invalidQuery);
  const text = rawText.trim().replace(/^[#@]+/, '').trim();
  return text.length === 0 ? null : text;
}
