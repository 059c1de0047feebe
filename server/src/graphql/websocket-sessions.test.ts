import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RoleFlag } from '../../../domain/enums.js';
import { openSession, revokeUserSessions } from '../modules/auth/index.js';
import { notifyUser } from '../modules/notifications/index.js';
import { createTestDatabase, type TestDatabase } from '../test-support/database.js';
import { createSession, createUser } from '../test-support/factories.js';
import { freePort } from '../test-support/free-port.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import type { AsyncEventQueue } from '../pubsub/async-event-queue.js';
import { nextMessage, openTestSocket, type OperationMessage, type TestSocket } from './websocket.test-support.js';

let database: TestDatabase;
/** Sockets live on A; sessions end through B: two processes behind one load balancer. */
let serverA: TestServer;
let serverB: TestServer;
let originA: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const port = await freePort();
  originA = `http://localhost:${port}`;
  [serverA, serverB] = await Promise.all([startTestServer(database.url, { port, publicUrl: originA }), startTestServer(database.url)]);
});

afterAll(async () => {
  await Promise.all([serverA?.stop(), serverB?.stop()]);
  await database?.drop();
});

const sockets: TestSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) await socket.client.dispose();
});

const SESSION_ENDED = { code: 4403, reason: 'Your session has ended. Please sign in again.' };

interface LiveCount {
  socket: TestSocket;
  counts: AsyncEventQueue<OperationMessage>;
}

/** A socket on server A running the notification count, once its first answer (0) came. */
async function liveCount(options: Parameters<typeof openTestSocket>[1]): Promise<LiveCount> {
  const socket = openTestSocket(serverA.url, options);
  sockets.push(socket);
  const counts = socket.operation('subscription { notificationCounts { new } }');
  expect(await nextMessage(counts)).toEqual({ data: { notificationCounts: { new: 0 } } });
  return { socket, counts };
}

async function signedInUser(roleFlags: number[] = []) {
  const user = await createUser(serverA.orm.em.fork(), { roleFlags });
  return { user, session: await createSession(serverA.orm.em.fork(), serverA.config, user.id) };
}

const signOut = (init: RequestInit) => fetch(`${serverB.url}/api/auth/signout`, { method: 'POST', ...init });

describe('WebSockets of a revoked session', () => {
  it('close when the browser signs out through another server; other sessions of the user stay', async () => {
    const { user, session } = await signedInUser();
    const other = await createSession(serverA.orm.em.fork(), serverA.config, user.id);
    const browser = await liveCount({ origin: originA, cookie: session.cookie });
    const phone = await liveCount({ authToken: other.accessToken });

    expect((await signOut({ headers: { cookie: session.cookie } })).status).toBe(200);
    expect(await browser.socket.closed).toEqual(SESSION_ENDED);
    expect(await nextMessage(browser.counts)).toEqual({ closed: SESSION_ENDED });

    // The other session's socket still hears the user's events.
    await notifyUser(serverB.orm.em.fork(), user.id, { kind: 'test', message: 'still here' });
    expect(await nextMessage(phone.counts)).toEqual({ data: { notificationCounts: { new: 1 } } });
  });

  it('close when a bearer client signs out with only its refresh token', async () => {
    const { session } = await signedInUser();
    const phone = await liveCount({ authToken: session.accessToken });
    const response = await signOut({ headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refreshToken: session.refreshToken }) });
    expect(response.status).toBe(200);
    expect(await phone.socket.closed).toEqual(SESSION_ENDED);
  });

  it("close for every session of the user but the one kept (password reset), including masquerades they opened", async () => {
    const { user, session: kept } = await signedInUser([RoleFlag.admin]);
    const { user: bystander, session: bystanderSession } = await signedInUser();
    const ended = await createSession(serverA.orm.em.fork(), serverA.config, user.id);
    const masquerade = await openSession(serverA.orm.em.fork(), serverA.config, { userId: bystander.id, masqueradingAdminId: user.id });

    const keptSocket = await liveCount({ authToken: kept.accessToken });
    const endedSocket = await liveCount({ authToken: ended.accessToken });
    const masqueradeSocket = await liveCount({ authToken: masquerade.accessToken });
    const bystanderSocket = await liveCount({ authToken: bystanderSession.accessToken });

    // In a transaction, as the reset does: the event goes out on commit.
    await serverB.orm.em.fork().transactional((tx) => revokeUserSessions(tx, user.id, kept.sessionId));
    expect(await endedSocket.socket.closed).toEqual(SESSION_ENDED);
    expect(await masqueradeSocket.socket.closed).toEqual(SESSION_ENDED);

    // Events published after the revocation reach the sockets left open, so they were not closed.
    await notifyUser(serverB.orm.em.fork(), user.id, { kind: 'test', message: 'kept' });
    await notifyUser(serverB.orm.em.fork(), bystander.id, { kind: 'test', message: 'bystander' });
    expect(await nextMessage(keptSocket.counts)).toEqual({ data: { notificationCounts: { new: 1 } } });
    expect(await nextMessage(bystanderSocket.counts)).toEqual({ data: { notificationCounts: { new: 1 } } });
  });
});
