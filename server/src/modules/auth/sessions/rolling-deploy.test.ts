import { describe, expect, it } from 'vitest';
import { createSession, createUser } from '../../../test-support/factories.js';
import { queryRows } from '../../../test-support/sql.js';
import { graphql, useTestServer } from '../../../test-support/test-server.js';

const env = useTestServer();

describe('a migration while the server runs', () => {
  it('leaves signed-in requests working when a column is added to users', async () => {
    const em = env.server.orm.em.fork();
    const user = await createUser(em);
    const session = await createSession(em, env.server.config, user.id);
    // Several at once, so the session's user lookup is prepared on several pooled connections.
    const viewerIds = async () => {
      const answers = await Promise.all(Array.from({ length: 6 }, () => graphql<{ viewer: { databaseId: number } | null }>(env.server, '{ viewer { databaseId } }', { token: session.accessToken })));
      return answers.map((answer) => answer.body.errors ?? answer.body.data!.viewer?.databaseId);
    };
    expect(await viewerIds()).toEqual(Array.from({ length: 6 }, () => user.id));
    // What a newer release's migration does while this process still serves.
    await queryRows(env.database.url, 'alter table users add column rolling_deploy_probe int');
    expect(await viewerIds()).toEqual(Array.from({ length: 6 }, () => user.id));
  });
});
