import { describe, expect, it } from 'vitest';
import { createMatcher, rankRoutes } from '../src/router/matchRoute';
import { routeTable } from '../src/shell/routes';
import routesSource from '../src/shell/routes.tsx?raw';
import { routeModulesOf } from './routePreloads';

describe('the route preload table (client/build/routePreloads.ts)', () => {
  it("reads every route of the shell's table, in order, with the module its page loads", () => {
    const read = routeModulesOf(routesSource);
    expect(read.map((route) => route.path)).toEqual(routeTable.map((entry) => entry.path));
    // The page loader imports that module (vitest rewrites the alias, the file name stays).
    read.forEach((route, index) => expect(routeTable[index]?.page.toString()).toContain(route.module.split('/').pop()));
  });

  it('stops the build on a route it cannot read, naming it', () => {
    const computedPath = "export const routeTable = [{ path: '/', page: () => import('./Home') }, { path: base + '/x', page: () => import('./X') }];";
    expect(() => routeModulesOf(computedPath)).toThrow(/entry 1 needs a literal path/);
    const indirectPage = "export const routeTable = [{ path: '/', page: loadHome }];";
    expect(() => routeModulesOf(indirectPage)).toThrow(/entry 0/);
    expect(() => routeModulesOf('export const routes = [];')).toThrow(/no routeTable/);
  });

  it("ranks as the router matches, so the server preloads the page the router will show", () => {
    const ranked = rankRoutes(routeTable);
    const match = createMatcher(routeTable);
    for (const pathname of ['/', '/explore', '/nina.costa', '/posts/12', '/projects/1~x/board', '/settings/login', '/signup', '/a/b/c', '/Settings/']) {
      const first = ranked.find(({ regex }) => regex.test(pathname));
      expect(first?.route.path, pathname).toBe(match(pathname)?.route.path);
    }
  });
});
