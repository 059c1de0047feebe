import 'reflect-metadata';
import { openOrm } from '../server/src/db/orm.js';
import { createLogger } from '../server/src/logger.js';
import { searchCreators } from '../server/src/modules/search/creators/creator-search.service.js';
import { User } from '../server/src/modules/users/user.entity.js';
const orm = await openOrm(process.env.DATABASE_URL!, { logger: createLogger('warn') });
const connection = orm.em.getConnection();
const execute = connection.execute.bind(connection);
connection.execute = (async (sql: string, ...rest: unknown[]) => {
  const t = performance.now();
  const r = await (execute as (...a: unknown[]) => Promise<unknown>)(sql, ...rest);
  console.log(`${(performance.now() - t).toFixed(1)} ms  ${sql.replace(/\s+/g, ' ').slice(0, 120)}`);
  return r;
}) as typeof connection.execute;
const em = orm.em.fork();
const viewerUser = await em.findOneOrFail(User, { username: { $ne: null } }, { orderBy: { id: 'asc' } });
const viewer = { user: viewerUser, masqueradingAdminId: null, sessionId: null };
const none = { roleIds: [], geohash: null, listId: null, networkIds: [], minFollowers: null, maxFollowers: null, creditedWithinDays: null, text: null };
for (const f of [none, { ...none, roleIds: [1] }]) {
  for (let i = 0; i < 2; i++) { const t = performance.now(); await searchCreators(orm.em.fork(), viewer, f, { offset: 0, size: 24 }); console.log('total', (performance.now() - t).toFixed(1)); }
}
await orm.close();
