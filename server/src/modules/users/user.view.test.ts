import { describe, expect, it } from 'vitest';
import { RoleFlag, UserType } from '../../../../domain/enums.js';
import { createUser } from '../../test-support/factories.js';
import { useQueryLog } from '../../test-support/query-log.js';
import { useTestServer } from '../../test-support/test-server.js';
import { loadUserView, primeUserView, type UserView } from './user.view.js';
import { User } from './user.entity.js';

const env = useTestServer();
const log = useQueryLog(env);

describe('loadUserView', () => {
  it('reads every user a request asks for in one statement, with the fields the entity has', async () => {
    const setup = env.server.orm.em.fork();
    const terms = new Date('2026-01-02T03:04:05.678Z');
    const first = await createUser(setup, { roleFlags: [RoleFlag.approved, RoleFlag.pro], userType: UserType.Company, termsAcknowledgedAt: terms });
    const second = await createUser(setup);

    const em = log.orm.em.fork();
    let views: Awaited<ReturnType<typeof loadUserView>>[] = [];
    const selects = await log.selectsDuring(async () => {
      views = await Promise.all([loadUserView(em, first.id), loadUserView(em, second.id), loadUserView(em, 2_000_000_000)]);
    });
    // (The log's own ORM connects on first use: only statements on users count.)
    expect(selects.filter((sql) => sql.includes('from "users"'))).toHaveLength(1);
    const entity = await env.server.orm.em.fork().findOneOrFail(User, first.id);
    expect(views[0]).toEqual({
      id: entity.id,
      username: entity.username,
      email: entity.email,
      name: entity.name,
      avatarUrl: entity.avatarUrl,
      userType: UserType.Company,
      roleFlags: [RoleFlag.approved, RoleFlag.pro],
      termsAcknowledgedAt: terms,
      termsVersion: entity.termsVersion,
      locationGeohash: entity.locationGeohash,
      bio: entity.bio,
      website: entity.website,
      locationName: entity.locationName,
      createdAt: entity.createdAt,
    });
    expect(views[1]?.id).toBe(second.id);
    // No such user: null, as a reference's load() answers.
    expect(views[2]).toBeNull();
  });

  it('answers with the entity the request already holds, unsaved changes included, and sends nothing', async () => {
    const user = await createUser(env.server.orm.em.fork());
    const em = log.orm.em.fork();
    const held = await em.findOneOrFail(User, user.id);
    held.name = 'Changed in this request';

    const selects = await log.selectsDuring(async () => {
      expect(await loadUserView(em, user.id)).toBe(held);
    });
    expect(selects.filter((sql) => sql.includes('"users"'))).toHaveLength(0);
  });

  it('answers a row this request already read at once, not as a promise, and never asks for it again', async () => {
    const user = await createUser(env.server.orm.em.fork());
    const em = log.orm.em.fork();
    const [primed] = (await Promise.all([loadUserView(em, user.id)])) as [UserView];
    const joined = { ...primed, id: 2_000_000_001, name: 'Read through a join' };
    primeUserView(em, joined);

    const selects = await log.selectsDuring(async () => {
      // Synchronous answers: a field resolver returning them spares graphql-js a promise.
      expect(loadUserView(em, user.id)).toBe(primed);
      expect(loadUserView(em, joined.id)).toBe(joined);
    });
    expect(selects).toHaveLength(0);
    // Another request starts with nothing (awaited: the file's database is dropped when it ends).
    const fresh = loadUserView(log.orm.em.fork(), user.id);
    expect(fresh).toBeInstanceOf(Promise);
    expect(await fresh).toEqual(primed);
  });
});
