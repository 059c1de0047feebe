import { describe, expect, it } from 'vitest';
import * as MESSAGES from '../../../../domain/messages.js';
import { CURRENT_TERMS, TERMS_VERSIONS } from '../../../../domain/terms.js';
import { createSession, createUser, uniqueSuffix } from '../../test-support/factories.js';
import { queryRows } from '../../test-support/sql.js';
import { graphql, useMailingTestServer } from '../../test-support/test-server.js';
import { callApi, verifiedEmailProof } from '../auth/index.js';

const { env, mail } = useMailingTestServer();

const OLDER = TERMS_VERSIONS[0]!.id;
const VIEWER_TERMS = '{ viewer { termsAcknowledged termsVersion termsAcknowledgementNeeded } }';
const ACKNOWLEDGE = 'mutation ($input: AcknowledgeTermsInput!) { acknowledgeTerms(input: $input) { user { termsVersion termsAcknowledgementNeeded } } }';

async function storedTerms(userId: number) {
  const [row] = await queryRows<{ terms_version: string | null; terms_acknowledged_at: Date | null }>(env.database.url, 'select terms_version, terms_acknowledged_at from users where id = $1', [userId]);
  return row!;
}

describe('terms of service versions (docs/product.md §Terms)', () => {
  it('records the version the sign-up form certified with the new account', async () => {
    const email = `terms_${uniqueSuffix()}@example.test`;
    const token = await verifiedEmailProof(env.server, mail, email);
    const refused = await callApi(env.server, 'POST', '/auth/email/signup', { body: { email, password: 'a-long-pass-phrase', token, termsVersion: '1999-01-01' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(MESSAGES.termsVersionUnknown);

    const signedUp = await callApi(env.server, 'POST', '/auth/email/signup', { body: { email, password: 'a-long-pass-phrase', token, termsVersion: CURRENT_TERMS.id } });
    expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(200);
    const userId = (signedUp.body.data?.user as { id: number }).id;
    const stored = await storedTerms(userId);
    expect(stored.terms_version).toBe(CURRENT_TERMS.id);
    expect(stored.terms_acknowledged_at).not.toBeNull();
  });

  it('records the current version when sign-up is finished or settings acknowledge the terms', async () => {
    const user = await createUser(env.server.orm.em.fork(), { termsAcknowledgedAt: null, termsVersion: null });
    const token = env.server.tokenFor(user.id);
    const before = await graphql(env.server, VIEWER_TERMS, { token });
    expect(before.body.data).toEqual({ viewer: { termsAcknowledged: false, termsVersion: null, termsAcknowledgementNeeded: false } });
    const finished = await graphql(env.server, 'mutation { updateSettings(input: { acknowledgeTerms: true }) { user { termsVersion } } }', { token });
    expect(finished.body.data).toEqual({ updateSettings: { user: { termsVersion: CURRENT_TERMS.id } } });
    expect((await storedTerms(user.id)).terms_version).toBe(CURRENT_TERMS.id);
  });

  it('asks again after a newer material version, and accepting records it with the time; an older version changes nothing', async () => {
    const acknowledgedAt = new Date('2026-11-22T10:00:00Z');
    const user = await createUser(env.server.orm.em.fork(), { termsAcknowledgedAt: acknowledgedAt, termsVersion: OLDER });
    const token = env.server.tokenFor(user.id);
    const asked = await graphql(env.server, VIEWER_TERMS, { token });
    expect(asked.body.data).toEqual({ viewer: { termsAcknowledged: true, termsVersion: OLDER, termsAcknowledgementNeeded: true } });

    const unknown = await graphql(env.server, ACKNOWLEDGE, { variables: { input: { version: 'not-a-version' } }, token });
    expect(unknown.body.errors?.[0]?.message).toBe(MESSAGES.termsVersionUnknown);

    const accepted = await graphql(env.server, ACKNOWLEDGE, { variables: { input: { version: CURRENT_TERMS.id } }, token });
    expect(accepted.body.data).toEqual({ acknowledgeTerms: { user: { termsVersion: CURRENT_TERMS.id, termsAcknowledgementNeeded: false } } });
    const stored = await storedTerms(user.id);
    expect(stored.terms_version).toBe(CURRENT_TERMS.id);
    expect(stored.terms_acknowledged_at!.getTime()).toBeGreaterThan(acknowledgedAt.getTime());

    const backwards = await graphql(env.server, ACKNOWLEDGE, { variables: { input: { version: OLDER } }, token });
    expect(backwards.body.data).toEqual({ acknowledgeTerms: { user: { termsVersion: CURRENT_TERMS.id, termsAcknowledgementNeeded: false } } });
  });

  it('counts an acknowledgement from before versions were kept as the first version', async () => {
    const user = await createUser(env.server.orm.em.fork(), { termsVersion: null });
    const answer = await graphql(env.server, VIEWER_TERMS, { token: env.server.tokenFor(user.id) });
    expect(answer.body.data).toEqual({ viewer: { termsAcknowledged: true, termsVersion: OLDER, termsAcknowledgementNeeded: true } });
  });

  it('keeps answering API calls and personal access tokens while the new version waits, and shows the flag only to the person', async () => {
    const em = env.server.orm.em.fork();
    const user = await createUser(em, { termsVersion: OLDER });
    const { accessToken } = await createSession(em, env.server.config, user.id);
    const created = await graphql<{ createPersonalAccessToken: { secret: string } }>(
      env.server,
      'mutation { createPersonalAccessToken(input: { name: "mobile", expiresInDays: 30, scope: READ_WRITE }) { secret } }',
      { token: accessToken },
    );
    const secret = created.body.data!.createPersonalAccessToken.secret;
    const asToken = await graphql(env.server, '{ viewer { username termsAcknowledgementNeeded } }', { token: secret });
    expect(asToken.body).toEqual({ data: { viewer: { username: user.username, termsAcknowledgementNeeded: true } } });
    const rest = await callApi(env.server, 'GET', '/auth', { headers: { authorization: `Bearer ${secret}` } });
    expect(rest.status).toBe(200);

    const other = await createUser(em);
    const seenByOther = await graphql(env.server, `{ user(username: "${user.username}") { termsVersion termsAcknowledgementNeeded } }`, { token: env.server.tokenFor(other.id) });
    expect(seenByOther.body.data).toEqual({ user: { termsVersion: null, termsAcknowledgementNeeded: false } });
  });

  it('answers the version in force to anyone', async () => {
    const answer = await graphql(env.server, '{ currentTerms { version effective material } }');
    expect(answer.body.data).toEqual({ currentTerms: { version: CURRENT_TERMS.id, effective: CURRENT_TERMS.effective, material: CURRENT_TERMS.material } });
  });
});
