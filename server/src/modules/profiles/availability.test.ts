import { describe, expect, it } from 'vitest';
import { toGlobalId } from '../../graphql/global-id.js';
import { createUser, uniqueSuffix } from '../../test-support/factories.js';
import { graphql, useTestServer } from '../../test-support/test-server.js';
import { addToList, createList } from '../lists/index.js';

const env = useTestServer();
const em = () => env.server.orm.em.fork();

const UPDATE = `mutation ($input: UpdateAvailabilityInput!) { updateAvailability(input: $input) { user { databaseId availability { openToWork availableFrom roles { name } } } } }`;
const PROFILE = `query ($username: String!) { userByUsername(username: $username) { availability { openToWork availableFrom roles { name emoji } } } }`;
const SEARCH = `query ($filter: CreatorSearchFilter) { creatorSearch(filter: $filter, first: 20) { nodes { user { databaseId availability { openToWork } } } } }`;

describe('availability', () => {
  it('is stored by its owner, shows on the public profile, and is checked', async () => {
    const person = await createUser(em());
    const token = env.server.tokenFor(person.id);
    const saved = await graphql(env.server, UPDATE, { token, variables: { input: { openToWork: true, roleIds: [toGlobalId('CreditRole', 3), toGlobalId('CreditRole', 2)], availableFrom: '2027-03-01' } } });
    expect(saved.body.data).toEqual({ updateAvailability: { user: { databaseId: person.id, availability: { openToWork: true, availableFrom: '2027-03-01', roles: [{ name: 'Photographer' }, { name: 'Editor' }] } } } });

    const shown = await graphql(env.server, PROFILE, { variables: { username: person.username } });
    expect(shown.body.data).toEqual({ userByUsername: { availability: { openToWork: true, availableFrom: '2027-03-01', roles: [{ name: 'Photographer', emoji: '📷' }, { name: 'Editor', emoji: '\u2702\uFE0F' }] } } });

    const other = await createUser(em());
    expect((await graphql(env.server, PROFILE, { variables: { username: other.username } })).body.data).toEqual({ userByUsername: { availability: { openToWork: false, availableFrom: null, roles: [] } } });

    const badDay = await graphql(env.server, UPDATE, { token, variables: { input: { openToWork: true, roleIds: [], availableFrom: '2027-02-30' } } });
    expect(badDay.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const brand = await graphql(env.server, UPDATE, { token, variables: { input: { openToWork: true, roleIds: [toGlobalId('CreditRole', 17)] } } });
    expect(brand.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const signedOut = await graphql(env.server, UPDATE, { variables: { input: { openToWork: true, roleIds: [] } } });
    expect(signedOut.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('narrows the creator search to people open to work', async () => {
    const [searcher, open, closed, changedMind] = [await createUser(em()), await createUser(em()), await createUser(em()), await createUser(em())];
    const viewerOf = (user: typeof searcher) => ({ user, masqueradingAdminId: null, sessionId: null, plansOpen: false });
    const list = await createList(em(), viewerOf(searcher), `Availability ${uniqueSuffix()}`);
    for (const person of [open, closed, changedMind]) await addToList(em(), viewerOf(searcher), list.id, { userId: person.id });
    const say = (who: typeof searcher, openToWork: boolean) => graphql(env.server, UPDATE, { token: env.server.tokenFor(who.id), variables: { input: { openToWork, roleIds: [] } } });
    await say(open, true);
    await say(changedMind, true);
    await say(changedMind, false);

    const found = async (filter: Record<string, unknown>) => {
      const response = await graphql<{ creatorSearch: { nodes: Array<{ user: { databaseId: number } }> } }>(env.server, SEARCH, { token: env.server.tokenFor(searcher.id), variables: { filter: { listId: toGlobalId('List', list.id), ...filter } } });
      expect(response.body.errors).toBeUndefined();
      return response.body.data!.creatorSearch.nodes.map((node) => node.user.databaseId).sort((a, b) => a - b);
    };
    expect(await found({})).toEqual([open.id, closed.id, changedMind.id].sort((a, b) => a - b));
    expect(await found({ openToWork: true })).toEqual([open.id]);
    expect(await found({ openToWork: false })).toEqual([open.id, closed.id, changedMind.id].sort((a, b) => a - b));
  });
});
