import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TagType as TagTypeId } from '../../../../domain/enums.js';
import { createAccount, createPost, createUser, creditUser } from '../../test-support/factories.js';
import { graphql, useTestServer } from '../../test-support/test-server.js';
import { TagType, Tag } from '../tags/index.js';
import { indexEverything } from './search.test-support.js';

const env = useTestServer();

function word(length: number): string {
  return Array.from({ length }, () => 'bcdfghjklmnpqrstvwxz'[randomInt(20)]).join('');
}

interface Item {
  key: string;
  kind: string;
  label: string;
  subLabel: string | null;
  pageUrl: string;
  tagType: string | null;
}
type Groups = Record<'people' | 'tags' | 'events' | 'roles' | 'locations' | 'postingAccounts', Item[]>;
const QUERY = `query($text: String!) { topSearch(text: $text) {
  people { ...item } tags { ...item } events { ...item } roles { ...item } locations { ...item } postingAccounts { ...item }
} } fragment item on SearchResultItem { key kind label subLabel pageUrl tagType }`;

async function ask(text: string) {
  return graphql<{ topSearch: Groups }>(env.server, QUERY, { variables: { text } });
}


describe('Query.topSearch', () => {
  it('answers a signed-out visitor with results grouped as the box shows them, each leading somewhere', async () => {
    const stem = word(7);
    const em = env.server.orm.em.fork();
    const person = await createUser(em, { name: `${stem} Person`, username: `${stem}_me` });
    const account = await createAccount(em, undefined, `${stem}.studio`);
    const event = em.create(Tag, { tagType: em.getReference(TagType, TagTypeId.event), name: `${stem} Week` });
    const place = em.create(Tag, { tagType: em.getReference(TagType, TagTypeId.location), name: `${stem} Bay` });
    em.create(Tag, { tagType: em.getReference(TagType, TagTypeId.tag), name: `${stem}core` });
    await em.flush();
    const post = await createPost(em, { account });
    post.tags.add(event);
    await em.flush();
    await creditUser(em, post, person);
    await indexEverything(env.server.orm.em);

    const response = await ask(stem);
    expect(response.body.errors).toBeUndefined();
    const groups = response.body.data!.topSearch;
    expect(groups.people).toEqual([{ key: `user:${person.id}`, kind: 'USER', label: person.name, subLabel: `@${person.username}`, pageUrl: `/${person.username}`, tagType: null }]);
    expect(groups.events).toEqual([expect.objectContaining({ label: `${stem} Week`, tagType: 'EVENT', subLabel: '1 post', pageUrl: `/explore?events=${encodeURIComponent(`${stem} Week~${event.id}`)}` })]);
    expect(groups.locations).toEqual([expect.objectContaining({ label: `${stem} Bay`, tagType: 'LOCATION', pageUrl: `/explore?locations=${encodeURIComponent(`${stem} Bay~${place.id}`)}` })]);
    expect(groups.tags).toEqual([expect.objectContaining({ label: `${stem}core`, tagType: 'TAG', kind: 'TAG_VALUE' })]);
    expect(groups.postingAccounts).toEqual([expect.objectContaining({ label: `${stem}.studio`, kind: 'POSTING_ACCOUNT', pageUrl: `/explore?postingAccount=${account.id}` })]);
    expect(groups.roles).toEqual([]);
  });

  it('finds credit roles, leading to the creator search', async () => {
    const response = await ask('photogra');
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data!.topSearch.roles.map((item) => [item.kind, item.pageUrl.split('=')[0]])).toContainEqual(['ROLE', '/creators?role']);
  });

  it.each(['#', '@', '   ', 'nfl', 'Super Bowl'])('answers %j with empty groups', async (text) => {
    const response = await ask(text);
    expect(response.body.errors).toBeUndefined();
    expect(Object.values(response.body.data!.topSearch).flat()).toEqual([]);
  });

  it('refuses text over 100 characters with "Invalid query"', async () => {
    const response = await ask('a'.repeat(101));
    expect(response.body.errors?.[0]).toMatchObject({ message: 'Invalid query', extensions: { code: 'BAD_USER_INPUT' } });
  });
});
