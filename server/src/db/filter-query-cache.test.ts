import type { FilterQuery } from '@mikro-orm/core';
import { describe, expect, it } from 'vitest';
import { RoleFlag } from '../../../domain/enums.js';
import type { Viewer, User } from '../modules/users/index.js';
import type { Post } from '../modules/posts/index.js';
import { visiblePostsFilter, buildPostViewsQuery, postViewsQuery, type PostViewQuery } from '../modules/posts/index.js';
import { exploreFilter, type ExploreFilters } from '../modules/search/index.js';
import { useLoggedDatabase } from '../test-support/query-log.js';
import { FilterQueryCache } from './filter-query-cache.js';

const log = useLoggedDatabase();

const viewer = (id: number, roleFlags: number[] = []): Viewer => ({ user: { id, roleFlags } as unknown as User, masqueradingAdminId: null, sessionId: 1, plansOpen: false });
const member = viewer(11);
const otherMember = viewer(12);
const admin = viewer(13, [RoleFlag.admin]);
const noFilters: ExploreFilters = { tagIds: [], userIds: [], postingAccountId: null, networkIds: [], text: null, creditedStatus: 'all' };
const byViews: PostViewQuery['orderBy'] = [{ views: 'desc nulls last' }, { id: 'desc' }];

/** Every filter the read paths build, each twice with other values (the second reuses the first's SQL). */
const CASES: Array<[string, () => FilterQuery<Post>, PostViewQuery]> = [
  ['feed, signed out', () => ({ $and: [visiblePostsFilter(null), {}] }), { orderBy: { id: 'desc' }, limit: 21 }],
  ['feed past a cursor, member', () => ({ $and: [visiblePostsFilter(member), { id: { $lt: 900 } }] }), { orderBy: { id: 'desc' }, limit: 21 }],
  ['feed past a cursor, another member', () => ({ $and: [visiblePostsFilter(otherMember), { id: { $lt: 40 } }] }), { orderBy: { id: 'desc' }, limit: 6 }],
  ['post page, signed out', () => ({ $and: [{ id: 5 }, visiblePostsFilter(null)] }), { orderBy: { id: 'asc' }, limit: 1 }],
  ['post page, admin', () => ({ $and: [{ id: 6 }, visiblePostsFilter(admin)] }), { orderBy: { id: 'asc' }, limit: 1 }],
  ['explore, nothing chosen', () => exploreFilter(member, noFilters), { orderBy: byViews, limit: 25 }],
  ['explore, nothing chosen, deeper', () => exploreFilter(otherMember, noFilters), { orderBy: byViews, limit: 25, offset: 48 }],
  ['explore, newest, admin', () => exploreFilter(admin, noFilters), { orderBy: [{ id: 'desc' }], limit: 25 }],
  ['explore, a tag', () => exploreFilter(member, { ...noFilters, tagIds: [3] }), { orderBy: byViews, limit: 25 }],
  ['explore, another tag', () => exploreFilter(otherMember, { ...noFilters, tagIds: [4] }), { orderBy: byViews, limit: 25 }],
  ['explore, two tags and a network', () => exploreFilter(member, { ...noFilters, tagIds: [3, 9], networkIds: [2] }), { orderBy: byViews, limit: 25 }],
  ['explore, people, an account, credited', () => exploreFilter(member, { ...noFilters, userIds: [7, 8], postingAccountId: 70, creditedStatus: 'credited' }), { orderBy: byViews, limit: 25 }],
  ['explore, uncredited', () => exploreFilter(member, { ...noFilters, creditedStatus: 'uncredited' }), { orderBy: byViews, limit: 25 }],
  ['explore, words', () => exploreFilter(member, { ...noFilters, text: 'golden' }), { orderBy: byViews, limit: 25 }],
  ['explore, other words', () => exploreFilter(otherMember, { ...noFilters, text: "50%_off 'quoted' \\ ?" }), { orderBy: byViews, limit: 25 }],
];

describe('FilterQueryCache', () => {
  it('answers each read path with the statement the query builder would build anew, values and all', () => {
    const em = log.orm.em.fork();
    const platform = em.getPlatform();
    for (const [name, where, page] of CASES) {
      const cached = postViewsQuery(em, where(), page);
      const fresh = buildPostViewsQuery(em, where(), page.offset ? [page.limit, page.offset] : [page.limit], page.orderBy).getFormattedQuery();
      expect(platform.formatQuery(cached.sql, cached.params), name).toBe(fresh);
    }
  });

  it('builds once per shape: other values reuse the SQL, another shape (viewer kind, filter, order) builds its own', () => {
    const em = log.orm.em.fork();
    let builds = 0;
    const cache = new FilterQueryCache<Post, PostViewQuery['orderBy']>(
      (...args) => {
        builds++;
        return buildPostViewsQuery(...args);
      },
      (orderBy) => JSON.stringify(orderBy),
    );
    const ask = (where: FilterQuery<Post>, orderBy: PostViewQuery['orderBy'] = byViews) => cache.toQuery(em, where, [25, 0], orderBy);

    const first = ask(exploreFilter(member, { ...noFilters, tagIds: [3] }));
    const second = ask(exploreFilter(otherMember, { ...noFilters, tagIds: [4] }));
    expect(builds).toBe(1);
    expect(second.sql).toBe(first.sql);
    expect(second.params).toContain(12);
    expect(second.params).toContain('{4}');
    expect(second.params).not.toContain(11);
    ask(exploreFilter(member, { ...noFilters, tagIds: [3, 4] })); // tags are one array parameter
    expect(builds).toBe(1);

    ask(exploreFilter(admin, { ...noFilters, tagIds: [3] })); // admins see every post: no visibility clause
    ask(exploreFilter(member, { ...noFilters, networkIds: [2, 5] })); // two networks: two placeholders
    ask(exploreFilter(member, { ...noFilters, tagIds: [3] }), [{ id: 'desc' }]);
    expect(builds).toBe(4);
  });

  it('builds anew, every time, a filter holding a value it cannot stand in for (a date)', () => {
    const em = log.orm.em.fork();
    let builds = 0;
    const cache = new FilterQueryCache<Post, string>(
      (em, where, numbers) => {
        builds++;
        return buildPostViewsQuery(em, where, numbers, { id: 'desc' });
      },
      (order) => order,
    );
    const since = new Date('2026-01-02T03:04:05.000Z');
    const where = () => ({ $and: [visiblePostsFilter(member), { createdAt: { $gt: since } }] }) as FilterQuery<Post>;
    const cached = cache.toQuery(em, where(), [20, 0], 'newest');
    cache.toQuery(em, where(), [20, 0], 'newest');
    expect(builds).toBe(2);
    expect(em.getPlatform().formatQuery(cached.sql, cached.params)).toBe(buildPostViewsQuery(em, where(), [20, 0], { id: 'desc' }).getFormattedQuery());
  });
});
