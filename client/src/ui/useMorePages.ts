import { useEffect, useRef, useState } from 'react';

export interface PageOf<T> {
  nodes: T[];
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
}

/**
 * Infinite scroll over a cursor connection: the first page comes from the page's own query; later
 * pages are fetched with `fetchAfter` when the sentinel (put it after the list) scrolls into view,
 * or when `loadMore` is called (a "More…" button). Pages fetched for other filters (`key`) are
 * dropped, so changing a filter starts again from its first page.
 */
export function useMorePages<T>(key: string, first: PageOf<T> | undefined, fetchAfter: (cursor: string | null) => Promise<PageOf<T> | undefined>) {
  const [more, setMore] = useState<{ key: string; items: T[]; pageInfo: PageOf<T>['pageInfo'] } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const current = more?.key === key ? more : null;
  const items = [...(first?.nodes ?? []), ...(current?.items ?? [])];
  const pageInfo = current?.pageInfo ?? first?.pageInfo ?? null;
  const sentinel = useRef<HTMLDivElement>(null);

  const loadMore = async () => {
    if (!pageInfo?.hasNextPage || loadingMore) return;
    setLoadingMore(true);
    try {
      const page = await fetchAfter(pageInfo.endCursor ?? null);
      if (page) setMore({ key, items: [...(current?.items ?? []), ...page.nodes], pageInfo: page.pageInfo });
    } finally {
      setLoadingMore(false);
    }
  };
  const loadMoreRef = useRef(loadMore);
  useEffect(() => {
    loadMoreRef.current = loadMore;
  });

  // The next page is asked for when the end of the list comes into view.
  useEffect(() => {
    const target = sentinel.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void loadMoreRef.current();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [first]);

  return { items, hasNextPage: pageInfo?.hasNextPage ?? false, loadMore, loadingMore, sentinel };
}
