import { afterEach, describe, expect, it } from 'vitest';
import { createSession, createUser } from '../test-support/factories.js';
import { queryRows } from '../test-support/sql.js';
import { useTestServer } from '../test-support/test-server.js';
import { nextMessage, openTestSocket, type TestSocket } from './websocket.test-support.js';

const env = useTestServer();

const sockets: TestSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) await socket.client.dispose();
});

async function signedInSocket() {
  const user = await createUser(env.server.orm.em.fork());
  const { accessToken } = await createSession(env.server.orm.em.fork(), env.server.config, user.id);
  const socket = openTestSocket(env.server.url, { authToken: accessToken });
  sockets.push(socket);
  return { user, socket };
}

const subscriptionsOnly = {
  errors: [{ message: 'Only subscriptions are accepted over WebSocket; send queries and mutations over HTTP.', extensions: { code: 'BAD_REQUEST' } }],
};

describe('operations over WebSocket', () => {
  it('refuses a mutation, which then changes nothing', async () => {
    const { user, socket } = await signedInSocket();
    const answer = await nextMessage(socket.operation('mutation { createPersonalAccessToken(input: { name: "from a socket" }) { secret } }'));
    expect(answer).toMatchObject(subscriptionsOnly);
    expect(await queryRows(env.database.url, 'select id from personal_access_tokens where user_id = $1', [user.id])).toEqual([]);
  });

  it('refuses a query, naming the operation chosen among several', async () => {
    const { socket } = await signedInSocket();
    expect(await nextMessage(socket.operation('{ networks { id } }'))).toMatchObject(subscriptionsOnly);
    const document = 'query Q { notificationCounts { new } } subscription S { notificationCounts { new } }';
    expect(await nextMessage(socket.operation(document, undefined, 'Q'))).toMatchObject(subscriptionsOnly);
    expect(await nextMessage(socket.operation(document, undefined, 'S'))).toEqual({ data: { notificationCounts: { new: 0 } } });
  });

  it('still runs subscriptions on the same socket', async () => {
    const { socket } = await signedInSocket();
    expect(await nextMessage(socket.operation('subscription { notificationCounts { new } }'))).toEqual({ data: { notificationCounts: { new: 0 } } });
  });
});
