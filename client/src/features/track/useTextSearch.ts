import { useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS, searchableText } from '@domain/search';
import { TopSearchDocument, type TopSearchQuery } from '@gql/graphql';

export type TopSearchGroups = TopSearchQuery['topSearch'];

/** What the text part of the box shows while typing (docs/product.md §Search). */
export type TextSearchState =
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'results'; groups: TopSearchGroups }
  | { kind: 'failed' };

/**
 * Searches `text` once typing pauses for SEARCH_DEBOUNCE_MS (250 ms). Nothing is asked for a
 * lone # or @ or empty text; an answer to older text is never shown for newer text (the
 * query's variables are the debounced text, so Apollo drops stale answers).
 */
export function useTextSearch(text: string | null): TextSearchState {
  const wanted = text === null ? null : searchableText(text);
  const [debounced, setDebounced] = useState<string | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(wanted), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [wanted]);

  const settled = wanted !== null && debounced === wanted;
  const { data, error, loading } = useQuery(TopSearchDocument, { variables: { text: debounced ?? '' }, skip: !settled, fetchPolicy: 'cache-first' });

  if (wanted === null) return { kind: 'idle' };
  if (!settled || loading) return { kind: 'searching' };
  if (error) return { kind: 'failed' };
  return data ? { kind: 'results', groups: data.topSearch } : { kind: 'searching' };
}
