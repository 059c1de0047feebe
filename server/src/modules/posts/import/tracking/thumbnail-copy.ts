import type { EntityManager } from '@mikro-orm/postgresql';
import sharp, { type Metadata } from 'sharp';
import { STORED_WIDTH } from '../../thumbnail-store.js';
import { bandsOf, sqlArray, storePostHashes, toStoredHash } from '../../pictures/hash-index.js';
import { MAX_PICTURE_PIXELS } from '../../../../http/uploaded-picture.js';
import { greyWorkingPicture, hashesOfGrey } from '../../pictures/perceptual-hash.js';
import type { OutboundHttp } from '../scraped-post.js';

const MAX_SOURCE_BYTES = 8 * 1024 * 1024;
/** A network picture already this small (and in a format every browser shows) is stored as it came. */
const MAX_ORIGINAL_BYTES = 256 * 1024;
const KEPT_FORMATS: Readonly<Record<string, string>> = { jpeg: 'image/jpeg', webp: 'image/webp' };
/**
 * WebP effort 2 of 0–6: about half the CPU of the default 4 for pictures ~6 % larger; the import
 * encodes every picture it cannot keep as it is, and that encode was most of an import's CPU.
 */
const WEBP = { quality: 80, effort: 2 } as const;

/** A network picture ready to store: the bytes we serve at STORED_WIDTH, and Visual Match's hashes of it. */
export interface PreparedPicture {
  /** Where the picture came from; null for one Byline drew itself (the demo seed's). */
  sourceUrl: string | null;
  contentType: string;
  bytes: Buffer;
  hashes: bigint[];
}

/**
 * Downloads a network picture (network URLs expire) and prepares our copy with one decode per
 * output: the stored picture and, from a clone of the same pipeline, the small grey picture the
 * perceptual hashes are made of. A small JPEG or WebP without metadata is kept byte for byte
 * (no re-encode at all); anything else becomes a WebP at most STORED_WIDTH wide. Smaller widths
 * are made on first request (thumbnail-store.ts).
 */
export async function fetchPicture(http: OutboundHttp, sourceUrl: string): Promise<PreparedPicture> {
  const response = await http.get(sourceUrl, { accept: 'image/*', maxBytes: MAX_SOURCE_BYTES });
  if (response.status !== 200) throw new Error(`thumbnail answered ${response.status}`);
  return preparePicture(Buffer.from(await response.bytes()), sourceUrl);
}

/** Prepares picture bytes already in hand as fetchPicture does a downloaded one: see there. */
export async function preparePicture(source: Buffer, sourceUrl: string | null): Promise<PreparedPicture> {
  const decoded = sharp(source, { limitInputPixels: MAX_PICTURE_PIXELS }).rotate();
  const kept = keptContentType(await decoded.metadata(), source.length);
  const [bytes, grey] = await Promise.all([
    kept ? source : decoded.clone().resize({ width: STORED_WIDTH, withoutEnlargement: true }).webp(WEBP).toBuffer(),
    greyWorkingPicture(decoded.clone()),
  ]);
  return { sourceUrl, contentType: kept ?? 'image/webp', bytes, hashes: hashesOfGrey(grey) };
}

/**
 * The content type to keep the original under, or null to re-encode it. Re-encoding also strips
 * metadata (EXIF can carry where a photo was taken) and applies the EXIF orientation, so only
 * pictures with neither are kept; a single frame, since an animated WebP's first frame is what
 * the re-encode stores.
 */
function keptContentType(metadata: Metadata, size: number): string | null {
  const contentType = KEPT_FORMATS[metadata.format ?? ''];
  if (!contentType || size > MAX_ORIGINAL_BYTES || (metadata.width ?? Infinity) > STORED_WIDTH) return null;
  if (metadata.exif || metadata.xmp || metadata.iptc || (metadata.orientation ?? 1) !== 1 || (metadata.pages ?? 1) > 1) return null;
  return contentType;
}

/**
 * Stores a prepared picture as the post's, with its hashes (a post's hashes always describe its
 * current picture), in the caller's transaction: two statements. The caller marks the post
 * (`thumbnail_stored_at`); the import does it in the statement that writes the post.
 */
export async function storePicture(tx: EntityManager, postId: number, picture: PreparedPicture): Promise<void> {
  await tx.execute(
    `with stored as (
       insert into post_thumbnails (post_id, width, content_type, bytes, source_url) values (?, ?, ?, ?, ?)
       on conflict (post_id, width) do update
         set content_type = excluded.content_type, bytes = excluded.bytes, source_url = excluded.source_url, created_at = now()
     )
     -- Sizes made from the old picture are stale now.
     delete from post_thumbnails where post_id = ? and width <> ?`,
    [postId, STORED_WIDTH, picture.contentType, picture.bytes, picture.sourceUrl, postId, STORED_WIDTH],
  );
  await storePostHashes(tx, postId, picture.hashes);
}

/** Downloads and stores a post's picture in a transaction of its own. */
export async function copyThumbnail(em: EntityManager, http: OutboundHttp, postId: number, sourceUrl: string): Promise<void> {
  const picture = await fetchPicture(http, sourceUrl);
  await em.transactional(async (tx) => {
    await storePicture(tx, postId, picture);
    await tx.execute('update posts set thumbnail_stored_at = now() where id = ?', [postId]);
  });
}

/** Posts per statement in storePictures: bounded statements whatever the number of posts. */
const STORE_CHUNK = 5_000;

/**
 * storePicture for many posts at once, posts sharing prepared pictures (the synthetic seed
 * reuses a few dozen over thousands of posts): each post's picture and hashes replace its old
 * ones exactly as storePicture's do, one statement per STORE_CHUNK posts, inside the caller's
 * transaction. As there, the caller marks the posts (`thumbnail_stored_at`): a bulk insert of
 * posts marks them as it writes them instead of rewriting every row.
 */
export async function storePictures(tx: EntityManager, pictures: readonly PreparedPicture[], assignments: ReadonlyArray<{ postId: number; picture: number }>): Promise<void> {
  if (pictures.length === 0 || assignments.length === 0) return;
  const pool = pictures.map(() => '(?::int, ?::text, ?::bytea, ?::text)').join(', ');
  const poolParams = pictures.flatMap((picture, index) => [index, picture.contentType, picture.bytes, picture.sourceUrl]);
  const hashes = pictures.flatMap((picture, index) => picture.hashes.map((hash, variant) => ({ index, variant, hash, bands: bandsOf(hash) })));
  const hashParams = [
    sqlArray(hashes.map((row) => row.index)),
    sqlArray(hashes.map((row) => row.variant)),
    sqlArray(hashes.map((row) => toStoredHash(row.hash))),
    ...[0, 1, 2, 3].map((band) => sqlArray(hashes.map((row) => row.bands[band]!))),
  ];
  for (let start = 0; start < assignments.length; start += STORE_CHUNK) {
    const chunk = assignments.slice(start, start + STORE_CHUNK);
    await tx.execute(
      `with pool (picture, content_type, bytes, source_url) as (values ${pool}),
       pool_hashes as (
         select * from unnest(?::int[], ?::int[], ?::bigint[], ?::int[], ?::int[], ?::int[], ?::int[]) as h(picture, variant, hash, band0, band1, band2, band3)),
       given as (select * from unnest(?::int[], ?::int[]) as g(post_id, picture)),
       stored as (
         insert into post_thumbnails (post_id, width, content_type, bytes, source_url)
         select g.post_id, ${STORED_WIDTH}, pool.content_type, pool.bytes, pool.source_url from given g join pool using (picture)
         on conflict (post_id, width) do update
           set content_type = excluded.content_type, bytes = excluded.bytes, source_url = excluded.source_url, created_at = now()),
       stale_sizes as (delete from post_thumbnails t using given g where t.post_id = g.post_id and t.width <> ${STORED_WIDTH}),
       stale_hashes as (
         delete from post_image_hashes h using given g
          where h.post_id = g.post_id and h.variant >= (select count(*) from pool_hashes ph where ph.picture = g.picture))
       insert into post_image_hashes (post_id, variant, hash, band0, band1, band2, band3)
       select g.post_id, h.variant, h.hash, h.band0, h.band1, h.band2, h.band3 from given g join pool_hashes h using (picture)
       on conflict (post_id, variant) do update
         set hash = excluded.hash, band0 = excluded.band0, band1 = excluded.band1, band2 = excluded.band2, band3 = excluded.band3, created_at = now()`,
      [...poolParams, ...hashParams, sqlArray(chunk.map((row) => row.postId)), sqlArray(chunk.map((row) => row.picture))],
    );
  }
}
