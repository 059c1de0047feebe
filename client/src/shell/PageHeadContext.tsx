import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { applyPageHead, type PageHead } from './pageHead';

type SetOverride = (head: PageHead | null) => void;

const PageHeadOverride = createContext<SetOverride | null>(null);

/**
 * Applies the page head: the route's title by default, or what the page itself says
 * through `usePageHead` (a post's caption and picture, say). The page's effects run
 * before the layout's, so the override is held here rather than written directly.
 */
interface PageHeadProviderProps {
  routeTitle: string | undefined;
  /** The current address: og:url follows it even between pages with the same title. */
  path: string;
  children: ReactNode;
}

export function PageHeadProvider({ routeTitle, path, children }: PageHeadProviderProps) {
  const [override, setOverride] = useState<PageHead | null>(null);
  const head = override ?? (routeTitle ? { title: routeTitle } : null);
  const { title, description, image } = head ?? { title: undefined };

  useEffect(() => {
    if (title !== undefined) applyPageHead({ title, description, image });
  }, [title, description, image, path]);

  return <PageHeadOverride.Provider value={setOverride}>{children}</PageHeadOverride.Provider>;
}

/** Lets a page set its own title, description and picture for as long as it is shown. */
export function usePageHead(head: PageHead | null): void {
  const setOverride = useContext(PageHeadOverride);
  const { title, description, image } = head ?? { title: undefined };
  useEffect(() => {
    if (!setOverride || title === undefined) return;
    setOverride({ title, description, image });
    return () => setOverride(null);
  }, [setOverride, title, description, image]);
}
