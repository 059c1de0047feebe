/** Where the app is: the parts of the address it routes on, plus what the entry carries. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What `navigate(to, { state })` stored with this entry, or null. */
  state: unknown;
  /** Unique per history entry: a re-render of the same entry keeps it, any navigation changes it. */
  key: string;
}

/** A target: an address (absolute, or relative to the current one like an `<a href>`), or its parts. */
export type To = string | { pathname?: string; search?: string; hash?: string };

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** The browser's session history, or an in-memory one (tests), behind one interface. */
export interface History {
  readonly location: Location;
  /** This entry's position among the app's own entries: 0 is the first page opened in the app. */
  readonly index: number;
  navigate(to: To, options?: NavigateOptions): void;
  go(delta: number): void;
  listen(listener: (location: Location) => void): () => void;
}

/** What the browser keeps in `history.state` for each of the app's entries. */
interface EntryState {
  usr: unknown;
  key: string;
  idx: number;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

export const pathOf = (location: Pick<Location, 'pathname' | 'search' | 'hash'>) => location.pathname + location.search + location.hash;

/** Resolves `to` against the current location the way the browser resolves a link's href. */
export function resolveTo(to: To, from: Pick<Location, 'pathname' | 'search'>): Pick<Location, 'pathname' | 'search' | 'hash'> {
  if (typeof to !== 'string') return { pathname: to.pathname ?? from.pathname, search: to.search ?? '', hash: to.hash ?? '' };
  const url = new URL(to, `http://app${from.pathname}${from.search}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

function createListeners() {
  const listeners = new Set<(location: Location) => void>();
  return {
    listen(listener: (location: Location) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    notify(location: Location) {
      for (const listener of listeners) listener(location);
    },
  };
}

/** The window's history: pushState/replaceState, and popstate for Back and Forward. */
export function createBrowserHistory(win: Window = window): History {
  const read = (): [Location, number] => {
    const entry = win.history.state as Partial<EntryState> | null;
    const { pathname, search, hash } = win.location;
    return [{ pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' }, entry?.idx ?? 0];
  };
  let [location, index] = read();
  // The first entry gets its index, so Back can tell whether there is a page of ours before it.
  if ((win.history.state as Partial<EntryState> | null)?.idx === undefined) {
    win.history.replaceState({ ...(win.history.state as object | null), usr: location.state, key: location.key, idx: index } satisfies EntryState, '');
  }
  const { listen, notify } = createListeners();
  win.addEventListener('popstate', () => {
    [location, index] = read();
    notify(location);
  });
  return {
    get location() {
      return location;
    },
    get index() {
      return index;
    },
    navigate(to, { replace = false, state = null } = {}) {
      const next = { ...resolveTo(to, location), state, key: newKey() };
      index = replace ? index : index + 1;
      const entry: EntryState = { usr: state, key: next.key, idx: index };
      if (replace) win.history.replaceState(entry, '', pathOf(next));
      else win.history.pushState(entry, '', pathOf(next));
      location = next;
      notify(location);
    },
    go: (delta) => win.history.go(delta),
    listen,
  };
}

/** History kept in memory, for tests: starts at the last of `initialEntries`. */
export function createMemoryHistory(initialEntries: readonly string[] = ['/']): History {
  const root = { pathname: '/', search: '' };
  const entries: Location[] = initialEntries.map((entry, i) => ({ ...resolveTo(entry, root), state: null, key: i === 0 ? 'default' : newKey() }));
  let index = entries.length - 1;
  const { listen, notify } = createListeners();
  return {
    get location() {
      return entries[index]!;
    },
    get index() {
      return index;
    },
    navigate(to, { replace = false, state = null } = {}) {
      const next = { ...resolveTo(to, entries[index]!), state, key: newKey() };
      if (replace) entries[index] = next;
      else entries.splice(++index, entries.length, next);
      notify(next);
    },
    go(delta) {
      const target = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (target === index) return;
      index = target;
      notify(entries[index]!);
    },
    listen,
  };
}
