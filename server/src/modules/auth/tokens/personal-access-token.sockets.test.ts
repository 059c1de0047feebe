import { afterEach, describe, expect, it } from 'vitest';
import { nextMessage, openTestSocket, type TestSocket } from '../../../graphql/websocket.test-support.js';
import { toGlobalId } from '../../../graphql/global-id.js';
import { createSession, createUser } from '../../../test-support/factories.js';
import { graphql, useTestServer } from '../../../test-support/test-server.js';
import { createPersonalAccessToken, revokeAllPersonalAccessTokens } from './personal-access-token.service.js';
import { INVALID_TOKEN_MESSAGE } from './token-scope.js';

const env = useTestServer();

const sockets: TestSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) await socket.client.dispose();
});

const TOKEN_ENDED = { code: 4403, reason: INVALID_TOKEN_MESSAGE };
const COUNTS = 'subscription { notificationCounts { new } }';

/** A socket signed in with `authToken`, once its subscription answered: the server has read its viewer. */
async function liveSocket(authToken: string) {
  const socket = openTestSocket(env.server.url, { authToken });
  sockets.push(socket);
  const counts = socket.operation(COUNTS);
  expect(await nextMessage(counts)).toEqual({ data: { notificationCounts: { new: 0 } } });
  return { socket, counts };
}

async function ownerWithTokens(count: number) {
  const user = await createUser(env.server.orm.em.fork());
  const tokens = [];
  for (let i = 0; i < count; i++) tokens.push(await createPersonalAccessToken(env.server.orm.em.fork(), user.id, { name: `t${i}`, expiresInDays: null, scope: 'read_only' }));
  return { user, tokens };
}

describe('WebSockets signed in with a personal access token', () => {
  it('close when the token is revoked; a socket of another token of the same owner stays', async () => {
    const { user, tokens } = await ownerWithTokens(2);
    const [revoked, kept] = [await liveSocket(tokens[0]!.token), await liveSocket(tokens[1]!.token)];

    const { accessToken } = await createSession(env.server.orm.em.fork(), env.server.config, user.id);
    const answer = await graphql(env.server, 'mutation ($input: RevokePersonalAccessTokenInput!) { revokePersonalAccessToken(input: $input) { revokedPersonalAccessTokenId } }', {
      variables: { input: { id: toGlobalId('PersonalAccessToken', tokens[0]!.record.id) } },
      token: accessToken,
    });
    expect(answer.body.errors).toBeUndefined();
    expect(await revoked.socket.closed).toEqual(TOKEN_ENDED);
    expect(await nextMessage(revoked.counts)).toEqual({ closed: TOKEN_ENDED });

    // The other token's socket still runs: a second subscription on it answers.
    expect(await nextMessage(kept.socket.operation(COUNTS))).toEqual({ data: { notificationCounts: { new: 0 } } });
  });

  it('close for every token of the owner when all are revoked (password reset)', async () => {
    const { user, tokens } = await ownerWithTokens(2);
    const live = [await liveSocket(tokens[0]!.token), await liveSocket(tokens[1]!.token)];
    await env.server.orm.em.fork().transactional((tx) => revokeAllPersonalAccessTokens(tx, user.id));
    for (const { socket } of live) expect(await socket.closed).toEqual(TOKEN_ENDED);
  });

  it('refuse a subscription with a dead token as unauthenticated', async () => {
    const socket = openTestSocket(env.server.url, { authToken: 'byl_pat_never-issued' });
    sockets.push(socket);
    expect(await nextMessage(socket.operation(COUNTS))).toMatchObject({ errors: [{ message: INVALID_TOKEN_MESSAGE, extensions: { code: 'UNAUTHENTICATED' } }] });
  });
});
