import { describe, expect, it } from 'vitest';
import { toGlobalId } from '../../../graphql/global-id.js';
import { createAccount, createTeam, createUser } from '../../../test-support/factories.js';
import { queryRows } from '../../../test-support/sql.js';
import { graphql, useTestServer } from '../../../test-support/test-server.js';
import { TeamAccount } from '../managed-accounts/team-account.entity.js';

const env = useTestServer();

const VIEWER = '{ viewer { currentTeamId managedAccounts(first: 10) { totalCount nodes { databaseId account { handle } } } } }';
const SET = 'mutation($input: SetCurrentTeamInput!) { setCurrentTeam(input: $input) { user { currentTeamId } } }';
const TEAM_PAGE = 'query($id: ID!) { team(id: $id) { name } }';

interface ViewerAnswer {
  viewer: { currentTeamId: string | null; managedAccounts: { totalCount: number; nodes: Array<{ databaseId: number; account: { handle: string } }> } };
}

const viewerAs = (token: string) => graphql<ViewerAnswer>(env.server, VIEWER, { token });
const setAs = (token: string, teamId: string | null) => graphql<{ setCurrentTeam: { user: { currentTeamId: string | null } } }>(env.server, SET, { token, variables: { input: { teamId } } });

describe('the current team', () => {
  it('is chosen among the teams one is an active member of, and read back on the viewer', async () => {
    const em = env.server.orm.em.fork();
    const person = await createUser(em);
    const [first, second] = [await createTeam(em, [{ user: person }]), await createTeam(em, [{ user: person, role: 'manager' }])];
    const token = env.server.tokenFor(person.id);
    expect((await viewerAs(token)).body.data!.viewer.currentTeamId).toBeNull();

    const chosen = await setAs(token, toGlobalId('Team', second.id));
    expect(chosen.body.errors).toBeUndefined();
    expect(chosen.body.data!.setCurrentTeam.user.currentTeamId).toBe(toGlobalId('Team', second.id));
    expect((await viewerAs(token)).body.data!.viewer.currentTeamId).toBe(toGlobalId('Team', second.id));
    await setAs(token, toGlobalId('Team', first.id));
    expect((await viewerAs(token)).body.data!.viewer.currentTeamId).toBe(toGlobalId('Team', first.id));

    const cleared = await setAs(token, null);
    expect(cleared.body.data!.setCurrentTeam.user.currentTeamId).toBeNull();
    const [row] = await queryRows<{ current_team_id: number | null }>(env.database.url, 'select current_team_id from users where id = $1', [person.id]);
    expect(row!.current_team_id).toBeNull();
  });

  it('refuses a team one is not on, only invited to, or inactive on, as not found, and keeps the choice', async () => {
    const em = env.server.orm.em.fork();
    const person = await createUser(em);
    const other = await createUser(em);
    const own = await createTeam(em, [{ user: person }]);
    const stranger = await createTeam(em, [{ user: other }]);
    const invited = await createTeam(em, [{ user: person, status: 'invited' }]);
    const inactive = await createTeam(em, [{ user: person, status: 'inactive' }]);
    const token = env.server.tokenFor(person.id);
    await setAs(token, toGlobalId('Team', own.id));
    for (const team of [stranger, invited, inactive]) {
      const refused = await setAs(token, toGlobalId('Team', team.id));
      expect(refused.body.errors?.[0]).toMatchObject({ message: 'That team was not found.', extensions: { code: 'NOT_FOUND' } });
    }
    expect((await viewerAs(token)).body.data!.viewer.currentTeamId).toBe(toGlobalId('Team', own.id));
    expect((await graphql(env.server, SET, { variables: { input: { teamId: toGlobalId('Team', own.id) } } })).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('grants nothing: a team left after choosing it is no longer current, nor opens', async () => {
    const em = env.server.orm.em.fork();
    const person = await createUser(em);
    const team = await createTeam(em, [{ user: person }]);
    const token = env.server.tokenFor(person.id);
    await setAs(token, toGlobalId('Team', team.id));
    await queryRows(env.database.url, "update team_members set status = 'inactive' where user_id = $1 and team_id = $2", [person.id, team.id]);

    expect((await viewerAs(token)).body.data!.viewer.currentTeamId).toBeNull();
    const page = await graphql<{ team: unknown }>(env.server, TEAM_PAGE, { token, variables: { id: toGlobalId('Team', team.id) } });
    expect(page.body.data!.team).toBeNull();
  });

  it('is empty when the team is deleted, and shows on nobody else', async () => {
    const em = env.server.orm.em.fork();
    const [person, other] = [await createUser(em), await createUser(em)];
    const team = await createTeam(em, [{ user: person }]);
    await setAs(env.server.tokenFor(person.id), toGlobalId('Team', team.id));
    const onOther = await graphql<{ user: { currentTeamId: string | null } }>(env.server, 'query($u: String!) { user(username: $u) { currentTeamId } }', {
      token: env.server.tokenFor(other.id),
      variables: { u: person.username },
    });
    expect(onOther.body.data!.user.currentTeamId).toBeNull();
    await queryRows(env.database.url, 'delete from teams where id = $1', [team.id]);
    const [row] = await queryRows<{ current_team_id: number | null }>(env.database.url, 'select current_team_id from users where id = $1', [person.id]);
    expect(row!.current_team_id).toBeNull();
  });
});

describe('managedAccounts', () => {
  it('lists the accounts of every team one is active on, newest first, and to nobody else', async () => {
    const em = env.server.orm.em.fork();
    const [person, other] = [await createUser(em), await createUser(em)];
    const teams = [await createTeam(em, [{ user: person }]), await createTeam(em, [{ user: person, role: 'manager' }])];
    const notMine = await createTeam(em, [{ user: other }]);
    const invitedOnly = await createTeam(em, [{ user: person, status: 'invited' }]);
    const rows: TeamAccount[] = [];
    for (const team of [...teams, notMine, invitedOnly, teams[0]!]) {
      rows.push(em.create(TeamAccount, { team, socialAccount: await createAccount(em) }));
    }
    await em.flush();
    const token = env.server.tokenFor(person.id);

    const answer = await viewerAs(token);
    expect(answer.body.errors).toBeUndefined();
    const mine = [rows[4]!, rows[1]!, rows[0]!];
    expect(answer.body.data!.viewer.managedAccounts).toEqual({ totalCount: 3, nodes: mine.map((row) => ({ databaseId: row.id, account: { handle: row.socialAccount.getEntity().handle } })) });

    const seenByOther = await graphql<{ user: { managedAccounts: { totalCount: number } } }>(env.server, 'query($u: String!) { user(username: $u) { managedAccounts(first: 5) { totalCount } } }', {
      token: env.server.tokenFor(other.id),
      variables: { u: person.username },
    });
    expect(seenByOther.body.data!.user.managedAccounts.totalCount).toBe(0);
  });
});
