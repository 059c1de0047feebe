import type { EntityManager } from '@mikro-orm/postgresql';
import { VISUAL_MATCH_MESSAGES, VISUAL_MATCH_RESULT_LIMIT } from '../../../../domain/visual-match.js';
import { InvalidInput, NotFound, Unprocessable } from '../../errors/app-errors.js';
import { uploadedPictureMetadata } from '../../http/uploaded-picture.js';
import type { Viewer } from '../users/index.js';
import { Post, visiblePostsFilter, STORED_WIDTH, findNearHashes, storePostHashes, imageHashes } from '../posts/index.js';

export interface PostMatch {
  post: Post;
  /** Bits that differ between the closest pair of 64-bit hashes. */
  distance: number;
  /** 0–100: the share of the 64 bits that agree. */
  similarity: number;
}

/**
 * Near hashes read before visibility is applied. Far more than one page of results: a picture
 * reposted privately a few hundred times could otherwise crowd out the visible matches.
 */
const CANDIDATE_LIMIT = 500;

/** Hashes the picture a post's import stored and indexes them (at import, and by `npm run images:hash`). */
export async function indexPostPicture(em: EntityManager, postId: number, picture: Buffer): Promise<void> {
  await storePostHashes(em, postId, await imageHashes(picture));
}

/** Posts whose picture looks like the uploaded one, closest first, among those the viewer may see. */
export async function matchesForPicture(em: EntityManager, viewer: Viewer, bytes: Buffer): Promise<PostMatch[]> {
  // The bytes decide what the picture is, as for profile pictures; the declared type was only checked for a clear early answer.
  await uploadedPictureMetadata(bytes, { type: VISUAL_MATCH_MESSAGES.type, unreadable: VISUAL_MATCH_MESSAGES.unreadable });
  let hashes: bigint[];
  try {
    hashes = await imageHashes(bytes);
  } catch {
    throw new InvalidInput(VISUAL_MATCH_MESSAGES.unreadable, { field: 'file' });
  }
  return visibleMatches(em, viewer, hashes);
}

/** Posts whose picture looks like the given post's (its reposts, crops, re-encodes), the post itself left out. */
export async function matchesForPost(em: EntityManager, viewer: Viewer, postId: number): Promise<PostMatch[]> {
  const post = await em.findOne(Post, { $and: [{ id: postId }, visiblePostsFilter(viewer)] });
  if (!post) throw new NotFound(VISUAL_MATCH_MESSAGES.postNotFound);
  return visibleMatches(em, viewer, await hashesOfPost(em, post.id), post.id);
}

async function hashesOfPost(em: EntityManager, postId: number): Promise<bigint[]> {
  const stored = await em.execute<Array<{ hash: string }>>('select hash::text as hash from post_image_hashes where post_id = ? order by variant', [postId]);
  if (stored.length > 0) return stored.map((row) => BigInt(row.hash));
  // Pictures stored before hashing existed (until the backfill reaches them) are hashed on first use.
  const [picture] = await em.execute<Array<{ bytes: Buffer }>>('select bytes from post_thumbnails where post_id = ? and width = ?', [postId, STORED_WIDTH]);
  if (!picture) throw new Unprocessable(VISUAL_MATCH_MESSAGES.noPicture);
  const hashes = await imageHashes(picture.bytes);
  await storePostHashes(em, postId, hashes);
  return hashes;
}

async function visibleMatches(em: EntityManager, viewer: Viewer, hashes: bigint[], excludePostId?: number): Promise<PostMatch[]> {
  const near = await findNearHashes(em, hashes, { excludePostId, limit: CANDIDATE_LIMIT });
  if (near.length === 0) return [];
  const posts = await em.find(Post, { $and: [{ id: { $in: near.map((match) => match.postId) } }, { isDeleted: false }, visiblePostsFilter(viewer)] }, { populate: ['account'] });
  const byId = new Map(posts.map((post) => [post.id, post]));
  return near
    .flatMap(({ postId, distance }) => {
      const post = byId.get(postId);
      return post ? [{ post, distance, similarity: Math.round(100 * (1 - distance / 64)) }] : [];
    })
    .slice(0, VISUAL_MATCH_RESULT_LIMIT);
}
