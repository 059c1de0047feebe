import type { EntityManager } from '@mikro-orm/postgresql';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { RoleFlag } from '../../../../domain/enums.js';
import { VISUAL_MATCH_MAX_BYTES, VISUAL_MATCH_MESSAGES } from '../../../../domain/visual-match.js';
import { createAccount, createPost, createSession, createUser, uniqueSuffix } from '../../test-support/factories.js';
import { graphql, useTestServer } from '../../test-support/test-server.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { copyThumbnail, STORED_WIDTH, bandsOf, nearHashesStatement, sqlArray, toStoredHash, HASH_VARIANT_SIDES, hashGreyPixels, imageHashes } from '../posts/index.js';
import type { User } from '../users/index.js';
import { backfillImageHashes } from './hash-backfill.js';
import { croppedReencodedCopy, syntheticPicture, syntheticPictureHashes, syntheticSvg } from './synthetic-pictures.test-support.js';
import type { VisualMatchDto } from './visualmatch.routes.js';

const env = useTestServer();

const HAYSTACK = 10_000;
/** Posts with real stored pictures, hashed by the backfill; the rest get synthetic hashes written directly. */
const PICTURED = 8;

async function signedIn(roleFlags: number[] = []): Promise<{ user: User; token: string }> {
  const em = env.server.orm.em.fork();
  const user = await createUser(em, { roleFlags });
  const { accessToken } = await createSession(em, env.server.config, user.id);
  return { user, token: accessToken };
}

async function upload(token: string | null, body: Buffer | string, contentType = 'image/jpeg') {
  const response = await fetch(`${env.server.url}/api/visualmatch`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });
  return { status: response.status, body: (await response.json()) as { success: boolean; data?: { matches: VisualMatchDto[] }; message?: string } };
}

/** Stores a post's picture the way the import does (a WebP at the stored width). */
async function storePicture(em: EntityManager, postId: number, picture: Buffer): Promise<void> {
  const webp = await sharp(picture).resize({ width: STORED_WIDTH, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
  await em.execute(`insert into post_thumbnails (post_id, width, content_type, bytes) values (?, ?, 'image/webp', ?)`, [postId, STORED_WIDTH, webp]);
  await em.execute('update posts set thumbnail_stored_at = now() where id = ?', [postId]);
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}

const VISUAL_MATCHES = `query ($postId: ID!) { visualMatches(input: { postId: $postId }) { distance similarity post { databaseId } } }`;

describe('Visual Match among 10,000 posts', () => {
  const pictured: Array<{ postId: number; picture: Buffer }> = [];

  beforeAll(async () => {
    const em = env.server.orm.em.fork();
    const account = await createAccount(em);
    const prefix = uniqueSuffix();
    const haystack = await em.execute<Array<{ id: number }>>(
      `insert into posts (network_id, external_id, account_id, url, caption, import_status)
       select ?, ? || '-' || g, ?, 'https://www.tiktok.com/@x/video/' || ? || g, 'Synthetic post ' || g, 'imported'
         from generate_series(1, ?) g returning id`,
      [account.network.id, prefix, account.id, prefix, HAYSTACK - PICTURED],
    );
    // Synthetic pictures' hashes, written in one statement (the import would write them one post at a time).
    const rows = haystack.flatMap(({ id }, index) =>
      syntheticPictureHashes(1_000 + index, HASH_VARIANT_SIDES, hashGreyPixels).map((hash, variant) => ({ id, variant, hash, bands: bandsOf(hash) })),
    );
    await em.execute(
      `insert into post_image_hashes (post_id, variant, hash, band0, band1, band2, band3)
       select * from unnest(?::int[], ?::smallint[], ?::bigint[], ?::int[], ?::int[], ?::int[], ?::int[])`,
      [sqlArray(rows.map((r) => r.id)), sqlArray(rows.map((r) => r.variant)), sqlArray(rows.map((r) => toStoredHash(r.hash))), ...[0, 1, 2, 3].map((band) => sqlArray(rows.map((r) => r.bands[band]!)))],
    );
    for (let index = 0; index < PICTURED; index++) {
      const post = await createPost(em, { account });
      const picture = await syntheticPicture(500 + index);
      await storePicture(em, post.id, picture);
      pictured.push({ postId: post.id, picture });
    }
    // Pictures stored before hashing existed: the backfill (npm run images:hash) hashes them.
    expect(await backfillImageHashes(em)).toBe(PICTURED);
    expect(await backfillImageHashes(em)).toBe(0);
    // Autovacuum analyzes a grown table on its own schedule; the plan check below needs the statistics now.
    await em.execute('analyze post_image_hashes');
  }, 120_000);

  it('finds the original post from a cropped, re-encoded copy of its picture, first', async () => {
    const { token } = await signedIn([RoleFlag.pro]);
    const target = pictured[3]!;
    const copy = await croppedReencodedCopy(target.picture);
    const answer = await upload(token, copy);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const matches = answer.body.data?.matches ?? [];
    expect(matches[0]).toMatchObject({ databaseId: target.postId, id: toGlobalId('Post', target.postId), thumbnailUrl: `/media/posts/${target.postId}/thumbnail?w=320` });
    expect(matches[0]!.similarity).toBeGreaterThanOrEqual(85);
    // Nothing unrelated comes close: the other pictured posts and the synthetic haystack stay out.
    expect(matches.map((match) => match.databaseId)).toEqual([target.postId]);
  });

  it('finds a post’s reposts by its id, never the post itself', async () => {
    const em = env.server.orm.em.fork();
    const { token } = await signedIn([RoleFlag.freePro]);
    const target = pictured[5]!;
    const repost = await createPost(em);
    await storePicture(em, repost.id, await croppedReencodedCopy(target.picture, { left: 0.1, top: 0.1, right: 0.1, bottom: 0.1 }));
    const answer = await graphql<{ visualMatches: Array<{ distance: number; similarity: number; post: { databaseId: number } }> }>(env.server, VISUAL_MATCHES, {
      token,
      variables: { postId: toGlobalId('Post', target.postId) },
    });
    expect(answer.body.errors).toBeUndefined();
    // The repost's picture was never hashed: its hashes are made when it is first searched for, or by the backfill.
    expect(answer.body.data?.visualMatches.map((match) => match.post.databaseId)).toEqual([]);
    expect(await backfillImageHashes(em)).toBe(1);
    const again = await graphql<{ visualMatches: Array<{ distance: number; post: { databaseId: number } }> }>(env.server, VISUAL_MATCHES, {
      token,
      variables: { postId: toGlobalId('Post', target.postId) },
    });
    expect(again.body.data?.visualMatches.map((match) => match.post.databaseId)).toEqual([repost.id]);
    expect(again.body.data?.visualMatches[0]!.distance).toBeLessThanOrEqual(10);
  });

  it('reads candidates through the band indexes, never scanning the hash table', async () => {
    const em = env.server.orm.em.fork();
    const hashes = await imageHashes(await croppedReencodedCopy(pictured[1]!.picture));
    const { sql, params } = nearHashesStatement(hashes, { limit: 500 });
    const [row] = await em.execute<Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>>(`explain (format json) ${sql}`, params);
    const nodes = planNodes(row!['QUERY PLAN'][0]!.Plan);
    const onHashes = nodes.filter((node) => node['Relation Name'] === 'post_image_hashes');
    expect(onHashes.map((node) => node['Node Type'])).toEqual(['Bitmap Heap Scan']);
    const indexes = nodes.filter((node) => node['Node Type'] === 'Bitmap Index Scan').map((node) => node['Index Name']);
    expect(indexes.sort()).toEqual([0, 1, 2, 3].map((band) => `post_image_hashes_band${band}_index`));
  });
});

describe('hashing at import', () => {
  it('hashes the picture the import stores, with it, and a new picture replaces the old hashes', async () => {
    const em = env.server.orm.em.fork();
    const { token } = await signedIn([RoleFlag.pro]);
    const post = await createPost(em);
    let served = await syntheticPicture(901);
    // The network's picture, as the import's outbound HTTP would fetch it.
    const http = { get: async (url: string) => ({ status: 200, url, headers: new Headers(), text: async () => '', bytes: async () => new Uint8Array(served) }) };
    await copyThumbnail(em, http, post.id, 'https://cdn.example/picture.jpg');
    const hashes = await em.execute<Array<{ variant: number }>>('select variant from post_image_hashes where post_id = ? order by variant', [post.id]);
    expect(hashes.map((row) => row.variant)).toEqual([0, 1, 2, 3]);
    const first = await upload(token, await croppedReencodedCopy(served));
    expect(first.body.data?.matches.map((match) => match.databaseId)).toEqual([post.id]);

    const old = served;
    served = await syntheticPicture(902);
    await copyThumbnail(em, http, post.id, 'https://cdn.example/picture-2.jpg');
    expect((await upload(token, await croppedReencodedCopy(old))).body.data?.matches).toEqual([]);
    expect((await upload(token, await croppedReencodedCopy(served))).body.data?.matches.map((match) => match.databaseId)).toEqual([post.id]);
  });
});

describe('who may use Visual Match', () => {
  it('refuses people without PRO with the upgrade words, on both ways in', async () => {
    const { token } = await signedIn();
    const post = await createPost(env.server.orm.em.fork());
    const rest = await upload(token, await syntheticPicture(1));
    expect(rest.status).toBe(403);
    expect(rest.body.message).toBe('Upgrade to PRO to search for social media posts by image content.');
    const answer = await graphql(env.server, VISUAL_MATCHES, { token, variables: { postId: toGlobalId('Post', post.id) } });
    expect(answer.body.errors?.[0]).toMatchObject({ message: VISUAL_MATCH_MESSAGES.upgrade, extensions: { code: 'FORBIDDEN' } });
    expect((await upload(null, await syntheticPicture(1))).status).toBe(401);
  });

  it('lets admins in as well (pro pages are open to them, to help users)', async () => {
    const { token } = await signedIn([RoleFlag.admin]);
    expect((await upload(token, await syntheticPicture(2), 'image/png')).status).toBe(200);
  });

  it('never shows a private post to someone who may not see it; its owner finds it', async () => {
    const em = env.server.orm.em.fork();
    const owner = await signedIn([RoleFlag.pro]);
    const stranger = await signedIn([RoleFlag.pro]);
    const picture = await syntheticPicture(777);
    const hidden = await createPost(em, { createdBy: owner.user, isPrivate: true });
    await storePicture(em, hidden.id, picture);
    await backfillImageHashes(em);
    const copy = await croppedReencodedCopy(picture);
    expect((await upload(stranger.token, copy)).body.data?.matches).toEqual([]);
    expect((await upload(owner.token, copy)).body.data?.matches.map((match) => match.databaseId)).toEqual([hidden.id]);
    // By id too: the private post is "not found" to the stranger.
    const byId = await graphql(env.server, VISUAL_MATCHES, { token: stranger.token, variables: { postId: toGlobalId('Post', hidden.id) } });
    expect(byId.body.errors?.[0]).toMatchObject({ message: VISUAL_MATCH_MESSAGES.postNotFound });
  });

  it('refuses what is not a picture, too large a body, and a post without a picture, in words', async () => {
    const { token } = await signedIn([RoleFlag.pro]);
    expect(await upload(token, 'hello', 'text/plain')).toMatchObject({ status: 400, body: { message: VISUAL_MATCH_MESSAGES.type } });
    expect(await upload(token, 'not really a jpeg')).toMatchObject({ status: 400, body: { message: VISUAL_MATCH_MESSAGES.unreadable } });
    expect(await upload(token, Buffer.alloc(VISUAL_MATCH_MAX_BYTES + 1))).toMatchObject({ status: 400, body: { message: VISUAL_MATCH_MESSAGES.tooLarge } });
    const bare = await createPost(env.server.orm.em.fork());
    const answer = await graphql(env.server, VISUAL_MATCHES, { token, variables: { postId: toGlobalId('Post', bare.id) } });
    expect(answer.body.errors?.[0]).toMatchObject({ message: VISUAL_MATCH_MESSAGES.noPicture });
  });

  it('decodes only JPEG, PNG, WebP and GIF, whatever the declared type: an SVG, TIFF or AVIF of a posted picture finds nothing', async () => {
    const em = env.server.orm.em.fork();
    const { token } = await signedIn([RoleFlag.pro]);
    const seed = 4242;
    const picture = await syntheticPicture(seed);
    const post = await createPost(em);
    await storePicture(em, post.id, picture);
    await backfillImageHashes(em);
    // The same picture as a PNG is found: what is refused below is the format, not the picture.
    expect((await upload(token, picture, 'image/png')).body.data?.matches.map((match) => match.databaseId)).toEqual([post.id]);

    const otherFormats = {
      svg: Buffer.from(syntheticSvg(seed)),
      tiff: await sharp(picture).tiff().toBuffer(),
      avif: await sharp(picture).avif().toBuffer(),
    };
    for (const [format, bytes] of Object.entries(otherFormats)) {
      const answer = await upload(token, bytes, 'image/png');
      expect({ format, ...answer }).toMatchObject({ format, status: 400, body: { success: false, message: VISUAL_MATCH_MESSAGES.type } });
      expect(answer.body.data).toBeUndefined();
    }
  });
});
