/** A route pattern: `/posts/:postRef`, `/projects/:projectSlug/*`, `*`. */
export interface RouteMatch<R> {
  route: R;
  params: Record<string, string>;
}

/** A route with the expression its pattern matches and the names of its params, in order. */
export interface RankedRoute<R> {
  route: R;
  regex: RegExp;
  names: string[];
  score: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Ranks as React Router did, so fixed paths outrank dynamic ones whatever the table's order: per
 * segment a fixed one scores 10, a `:param` 3, a trailing `*` −2; ties keep the table's order.
 */
function compile<R extends { path: string }>(route: R): RankedRoute<R> {
  const segments = route.path.split('/').filter(Boolean);
  const names: string[] = [];
  let source = '^';
  let score = segments.length;
  for (const segment of segments) {
    if (segment === '*') {
      names.push('*');
      source += '(?:/(.*))?';
      score -= 2;
    } else if (segment.startsWith(':')) {
      names.push(segment.slice(1));
      source += '/([^/]+)';
      score += 3;
    } else {
      source += `/${escape(segment)}`;
      score += 10;
    }
  }
  // Case-insensitive, with or without a trailing slash, as React Router matched.
  return { route, regex: new RegExp(`${source}/?$`, 'i'), names, score };
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The routes in the order they are tried, best first, each with its expression. The server reads
 * the same order from the build (client/build/routePreloads.ts) to pick the route whose chunks it
 * preloads, so both agree on which route an address shows.
 */
export function rankRoutes<R extends { path: string }>(routes: readonly R[]): RankedRoute<R>[] {
  // Array.prototype.sort is stable: ties keep the table's order.
  return routes.map(compile).sort((a, b) => b.score - a.score);
}

/** A matcher over a route table: the best-ranked route for a pathname, with its params. */
export function createMatcher<R extends { path: string }>(routes: readonly R[]): (pathname: string) => RouteMatch<R> | null {
  const ranked = rankRoutes(routes);
  return (pathname) => {
    for (const { route, regex, names } of ranked) {
      const found = regex.exec(pathname);
      if (!found) continue;
      const params: Record<string, string> = {};
      names.forEach((name, i) => (params[name] = decode(found[i + 1] ?? '')));
      return { route, params };
    }
    return null;
  };
}
