import { randomInt } from 'node:crypto';
import { ref } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { describe, expect, it } from 'vitest';
import { TagType as TagTypeId } from '../../../../domain/enums.js';
import { NetworkId } from '../../../../domain/networks.js';
import { createAccount, createPost, createUser, creditUser } from '../../test-support/factories.js';
import { useTestServer } from '../../test-support/test-server.js';
import { TagType, Tag } from '../tags/index.js';
import type { User } from '../users/index.js';
import { MeilisearchEngine } from './engine/meilisearch.engine.js';
import { PostgresSearchEngine } from './engine/postgres-search.engine.js';
import type { SearchDocumentKey, SearchEngine, SearchRequest } from './engine/search-engine.js';
import { drainSearchOutbox, indexSearchDocuments } from './search-index.js';
import { topSearch } from './top-search.service.js';

const env = useTestServer();

/** A made-up word of `length` letters, so no test's data matches another's queries. */
function word(length: number): string {
  return Array.from({ length }, () => 'bcdfghjklmnpqrstvwxz'[randomInt(20)]).join('');
}

/** `text` with the letter at `index` changed (one typo, never the same letter). */
function typo(text: string, index: number): string {
  return text.slice(0, index) + (text[index] === 'y' ? 'o' : 'y') + text.slice(index + 1);
}

interface EngineUnderTest {
  engine: SearchEngine;
  /** Brings the index up to date with what the test just wrote. */
  sync(em: EntityManager, keys: SearchDocumentKey[]): Promise<void>;
}

/**
 * One suite for both engines: the PostgreSQL engine always, fed through the outbox the
 * triggers fill (the path production uses); Meilisearch when MEILI_HOST is set, fed the
 * documents of what each test wrote (the server's own drain keeps the PostgreSQL index).
 */
const meiliHost = process.env.MEILI_HOST;
const engines: Array<[string, () => EngineUnderTest]> = [
  ['postgres', () => ({ engine: new PostgresSearchEngine(), sync: (em) => drainSearchOutbox(em, new PostgresSearchEngine(), { waitForOthers: true }).then(() => undefined) })],
];
if (meiliHost) {
  const engine = new MeilisearchEngine(meiliHost, process.env.MEILI_API_KEY ?? process.env.MEILI_MASTER_KEY ?? null, `byline_contract_${word(8)}`);
  engines.push(['meilisearch', () => ({ engine, sync: (em, keys) => em.fork().transactional((tx) => indexSearchDocuments(tx, engine, keys)) })]);
}

describe.each(engines)('search engine contract: %s', (_name, makeEngine) => {
  const { engine, sync } = makeEngine();
  const em = () => env.server.orm.em.fork();
  const search = (text: string, kinds: SearchRequest['kinds'] = ['user']) => engine.search(em(), { text, kinds, limitPerKind: 10 });
  const titles = async (text: string, kinds?: SearchRequest['kinds']) => (await search(text, kinds)).map((hit) => hit.title);
  const userKeys = (...users: User[]): SearchDocumentKey[] => users.map((user) => ({ kind: 'user', entityId: user.id }));

  it('forgives one typo from 5 letters and two from 9, none under 5', async () => {
    const five = word(5);
    const nine = word(9);
    const four = word(4);
    const db = em();
    const person = await createUser(db, { name: `${five} ${nine} ${four}` });
    await sync(db, userKeys(person));

    expect(await titles(typo(five, 2))).toContain(person.name);
    expect(await titles(typo(typo(five, 1), 3))).not.toContain(person.name);
    expect(await titles(typo(typo(nine, 2), 6))).toContain(person.name);
    expect(await titles(typo(typo(typo(nine, 1), 4), 7))).not.toContain(person.name);
    expect(await titles(`${typo(four, 1)} ${five}`)).not.toContain(person.name);
    expect(await titles(`${four} ${five}`)).toContain(person.name);
  });

  it('matches the last word as a prefix while typing, earlier words whole', async () => {
    const first = word(7);
    const last = word(8);
    const db = em();
    const person = await createUser(db, { name: `${first} ${last}` });
    await sync(db, userKeys(person));

    expect(await titles(first.slice(0, 3))).toContain(person.name);
    expect(await titles(`${first} ${last.slice(0, 2)}`)).toContain(person.name);
    expect(await titles(`${first.slice(0, 3)} ${last}`)).not.toContain(person.name);
  });

  it('ignores accents and case, in the index and in the query', async () => {
    const stem = word(6);
    const db = em();
    const person = await createUser(db, { name: `Zoë Ågren${stem}` });
    const plain = await createUser(db, { name: `Jose ${stem}` });
    await sync(db, userKeys(person, plain));

    expect(await titles(`ZOE AGREN${stem.toUpperCase()}`)).toContain(person.name);
    expect(await titles(`josé ${stem}`)).toContain(plain.name);
  });

  it('finds a username typed with or without its dots and underscores', async () => {
    const stem = word(6);
    const db = em();
    const person = await createUser(db, { username: `${stem}.photo_x`, name: 'Someone Else' });
    await sync(db, userKeys(person));
    expect(await titles(`${stem}photox`)).toContain('Someone Else');
    expect(await titles(`@${stem}.photo`)).toContain('Someone Else');
  });

  it('ranks by relevance first, then followers, credited posts and views', async () => {
    const stem = word(7);
    const db = em();
    const quiet = await createUser(db, { name: `${stem} Quiet` });
    const famous = await createUser(db, { name: `${stem} Famous` });
    const credited = await createUser(db, { name: `${stem} Credited` });
    const exact = await createUser(db, { name: stem });
    const misspelt = await createUser(db, { name: `${typo(stem, 3)} Misspelt` });
    for (const [user, followers] of [[famous, 90_000], [misspelt, 1_000_000]] as const) {
      const account = await createAccount(db, NetworkId.TikTok);
      account.owner = ref(user);
      account.ownerVerifiedAt = new Date();
      account.followerCount = followers;
      await db.flush();
    }
    await creditUser(db, await createPost(db), credited);
    await sync(db, userKeys(quiet, famous, credited, exact, misspelt));

    expect(await titles(stem)).toEqual([exact.name, famous.name, credited.name, quiet.name, misspelt.name]);
  });

  it('keeps what may not be seen out: a deleted person, a post made private', async () => {
    const stem = word(8);
    const db = em();
    const person = await createUser(db, { name: `${stem} Leaving` });
    const post = await createPost(db, { caption: `Sunset over ${stem} bay` });
    await sync(db, [...userKeys(person), { kind: 'post', entityId: post.id }]);
    expect(await titles(stem, ['user'])).toContain(person.name);
    expect((await search(stem, ['post'])).map((hit) => hit.entityId)).toEqual([post.id]);

    db.remove(person);
    post.isPrivate = true;
    await db.flush();
    await sync(db, [...userKeys(person), { kind: 'post', entityId: post.id }]);
    expect(await titles(stem, ['user'])).toEqual([]);
    expect(await search(stem, ['post'])).toEqual([]);

    post.isPrivate = false;
    await db.flush();
    await sync(db, [{ kind: 'post', entityId: post.id }]);
    expect((await search(stem, ['post'])).map((hit) => hit.entityId)).toEqual([post.id]);
  });

  it('follows writes: a renamed person is found by the new name only, a new credit moves them up', async () => {
    const stem = word(7);
    const db = em();
    const leader = await createUser(db, { name: `${stem} Leader` });
    const renamed = await createUser(db, { name: `${stem} Before` });
    await creditUser(db, await createPost(db), leader);
    await sync(db, userKeys(leader, renamed));
    expect(await titles(stem)).toEqual([`${stem} Leader`, `${stem} Before`]);

    renamed.name = `${stem} After`;
    await db.flush();
    await creditUser(db, await createPost(db), renamed);
    await creditUser(db, await createPost(db), renamed);
    await sync(db, userKeys(leader, renamed));
    expect(await titles(stem)).toEqual([`${stem} After`, `${stem} Leader`]);
    expect(await titles(`${stem} befo`)).toEqual([]);
  });

  it('counts only public posts in a tag, and finds tags, events and locations by name', async () => {
    const stem = word(7);
    const db = em();
    const event = db.create(Tag, { tagType: db.getReference(TagType, TagTypeId.event), name: `${stem} Festival` });
    const place = db.create(Tag, { tagType: db.getReference(TagType, TagTypeId.location), name: `${stem} Harbour` });
    await db.flush();
    const open = await createPost(db);
    const hidden = await createPost(db, { isPrivate: true });
    open.tags.add(event);
    hidden.tags.add(event);
    await db.flush();
    await sync(db, [{ kind: 'tag', entityId: event.id }, { kind: 'tag', entityId: place.id }]);

    const hits = await search(stem, ['tag']);
    expect(hits.map((hit) => [hit.title, hit.tagTypeId, hit.creditedPosts])).toEqual([
      [`${stem} Festival`, TagTypeId.event, 1],
      [`${stem} Harbour`, TagTypeId.location, 0],
    ]);
  });

  it('answers nothing for the NFL-related blocked terms, even when they are indexed', async () => {
    const stem = word(6);
    const db = em();
    const person = await createUser(db, { name: `NFL ${stem}` });
    await sync(db, userKeys(person));
    expect(await titles(`NFL ${stem}`)).toContain(person.name);
    const results = await topSearch(db, engine, `nfl ${stem}`);
    expect(Object.values(results).flat()).toEqual([]);
    const allowed = await topSearch(db, engine, stem);
    expect(allowed.people.map((hit) => hit.title)).toContain(person.name);
  });
});
