/**
 * Pictures and number histories for the synthetic set (synthetic-data.ts). Drawing a picture
 * takes tens of milliseconds, too long for a hundred thousand posts, so a small pool is drawn
 * once per frame (picture kind) and reused: each post gets one of its frame's pool, each person
 * one of a few profile pictures. Readings are planned per post in JavaScript, a chunk of posts at
 * a time, and written in bulk (posts' appendPostStats); pictures through posts' storePictures
 * and settings' saveAvatars, the stores an import and an upload use.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { UserType } from '../../../domain/enums.js';
import { appendPostStats, storePictures, type PostStatsReading, type PreparedPicture } from '../modules/posts/index.js';
import { saveAvatars } from '../modules/settings/index.js';
import { OLD_POST_EVERY_DAYS, planReadings, readingTimes, SEED_READING_SOURCE, type ReadingSchedule } from './post-readings.js';
import { deriveSeed, Prng } from './prng.js';
import { mapConcurrently, PICTURE_KINDS, pictureKindFor, renderAvatar, renderPostPicture, type PictureKind } from './seed-pictures.js';

/** Pictures drawn per frame; text cards look alike anyway, so fewer of them. */
const POOL_SIZES: Readonly<Record<PictureKind, number>> = { portrait: 6, wide: 6, tall: 5, square: 5, card: 3 };
const AVATAR_POOL = { person: 6, company: 4 } as const;
/**
 * Pool pictures are small (256 px on their longer side, a lighter encoding) and kept only when
 * under ROW_INLINE_BYTES: PostgreSQL then stores each copy in the row itself, where a larger one
 * goes to a TOAST table at two to four times the cost. Full-size pictures would also add half a
 * gigabyte per 100,000 posts to a benchmark's database.
 */
const POOL_PICTURE_SIDE = 256;
const POOL_PICTURE_QUALITY = 60;
const ROW_INLINE_BYTES = 1_800;
/** Candidates drawn per frame before any size is taken: a few scenes never fit. */
const MAX_POOL_ROUNDS = 4;
/**
 * The synthetic set's history: the last 30 days (the charts' default range, and the dashboard's
 * week) at the refresh's own pace, daily while a post is under a month old and weekly after.
 * About five readings a post; 90 days of them would more than double the seed's time.
 */
const SYNTHETIC_READINGS: ReadingSchedule = { days: 30, oldPostEveryDays: OLD_POST_EVERY_DAYS };
/** Posts read from the database, planned and written per round: bounded memory at a million posts. */
const POSTS_PER_ROUND = 10_000;

export interface SyntheticPictures {
  posts: PreparedPicture[];
  /** Where each frame's pictures sit in `posts`. */
  ranges: Record<PictureKind, { start: number; count: number }>;
  people: Buffer[];
  companies: Buffer[];
}

/** Draws the pools; the seed starts this first, so it runs while PostgreSQL writes the rows. */
export async function renderSyntheticPictures(seed: number): Promise<SyntheticPictures> {
  const kinds = Object.keys(PICTURE_KINDS) as PictureKind[];
  const ranges = {} as SyntheticPictures['ranges'];
  const posts: PreparedPicture[] = [];
  for (const [kindIndex, kind] of kinds.entries()) {
    ranges[kind] = { start: posts.length, count: POOL_SIZES[kind] };
    posts.push(...(await poolOf(kind, POOL_SIZES[kind], (index) => deriveSeed(seed, 10, kindIndex, index))));
  }
  const people = await mapConcurrently(Array.from({ length: AVATAR_POOL.person }, (_, index) => deriveSeed(seed, 11, index)), (avatarSeed) => renderAvatar(avatarSeed, 'person'));
  const companies = await mapConcurrently(Array.from({ length: AVATAR_POOL.company }, (_, index) => deriveSeed(seed, 12, index)), (avatarSeed) => renderAvatar(avatarSeed, 'company'));
  return { posts, ranges, people, companies };
}

/** `count` pictures in one frame, each under ROW_INLINE_BYTES (the last round takes any). */
async function poolOf(kind: PictureKind, count: number, seedOf: (index: number) => number): Promise<PreparedPicture[]> {
  const aspect = PICTURE_KINDS[kind];
  const size = { width: Math.round(aspect >= 1 ? POOL_PICTURE_SIDE : POOL_PICTURE_SIDE * aspect), quality: POOL_PICTURE_QUALITY };
  const kept: PreparedPicture[] = [];
  for (let round = 0; kept.length < count; round++) {
    const seeds = Array.from({ length: count }, (_, index) => seedOf(round * count + index));
    const drawn = await mapConcurrently(seeds, (pictureSeed) => renderPostPicture(pictureSeed, kind, size));
    kept.push(...drawn.filter((picture) => picture.bytes.length <= ROW_INLINE_BYTES || round >= MAX_POOL_ROUNDS - 1));
  }
  // Stored without Visual Match's hashes, which `npm run images:hash` adds to pictures that have
  // none: a few dozen pictures shared by every post would give each hash thousands of exact
  // matches, and the hash rows (four a post, four indexes) cost twice the pictures' own.
  return kept.slice(0, count).map((picture) => ({ ...picture, hashes: [] }));
}

type Count = string | number | null;
interface SyntheticPostRow {
  id: number;
  network_id: number;
  type: number;
  posted_at: Date;
  views: Count;
  likes: Count;
  comments: Count;
  shares: Count;
}

const count = (value: Count): number => Number(value ?? 0);
/** A float in [0, 1) from a derived seed. */
const unit = (seed: number): number => seed / 4_294_967_296;

/**
 * Gives every post in the temp table `seed_posts` a picture from the pool and its readings, and
 * every person in `seed_users` a profile picture. Inside the seed's transaction; `now` is its
 * time, the time the posts' numbers were read. Planning a round's readings in JavaScript overlaps
 * PostgreSQL writing the round before (one connection: the statements queue, the planning runs
 * while they do).
 */
export async function seedSyntheticMedia(
  tx: EntityManager,
  pictures: SyntheticPictures,
  seed: number,
): Promise<{ pictures: number; readings: number; phases: Array<{ name: string; ms: number }> }> {
  const mediaStarted = performance.now();
  // The time the posts' numbers were read (synthetic-data.ts), so the latest reading is at it.
  const [row] = await tx.execute<Array<{ now: string | Date }>>(`select date_trunc('milliseconds', now()) as now`);
  const now = new Date(row?.now ?? Date.now());
  const readPosts = (from: number) =>
    tx.execute<SyntheticPostRow[]>(
      `select p.id, p.network_id, p.type, p.posted_at, p.views, p.likes, p.comments, p.shares
         from seed_posts s join posts p on p.id = s.id where s.n >= ? and s.n < ? order by s.n`,
      [from, from + POSTS_PER_ROUND],
    );
  let readingCount = 0;
  let pictureCount = 0;
  let writing: Promise<unknown> = Promise.resolve();
  let planningMs = 0;
  for (let from = 0, posts = await readPosts(0); posts.length > 0; ) {
    from += POSTS_PER_ROUND;
    const next = readPosts(from);
    const planningStarted = performance.now();
    const assignments = posts.map((post) => {
      const range = pictures.ranges[pictureKindFor(post.network_id, post.type, unit(deriveSeed(seed, 13, post.id)))];
      return { postId: post.id, picture: range.start + (deriveSeed(seed, 14, post.id) % range.count) };
    });
    const readings: PostStatsReading[] = [];
    for (const post of posts) {
      const postedAt = new Date(post.posted_at);
      const numbers = { views: post.views === null ? null : count(post.views), likes: count(post.likes), comments: count(post.comments), shares: count(post.shares) };
      const planned = planReadings(new Prng(deriveSeed(seed, 15, post.id)), postedAt, numbers, readingTimes(postedAt, now, SYNTHETIC_READINGS));
      for (const reading of planned) readings.push({ postId: post.id, ...reading });
    }
    planningMs += performance.now() - planningStarted;
    // The previous round's writes went first; a failed one fails the seed here.
    await writing;
    writing = Promise.all([storePictures(tx, pictures.posts, assignments), appendPostStats(tx, readings, SEED_READING_SOURCE)]);
    writing.catch(() => undefined);
    pictureCount += assignments.length;
    readingCount += readings.length;
    posts = await next;
  }
  await writing;
  const postsMs = performance.now() - mediaStarted;

  const avatarsStarted = performance.now();
  const people = await tx.execute<Array<{ id: number; user_type: number }>>('select u.id, u.user_type from seed_users s join users u on u.id = s.id');
  const avatars = [...pictures.people, ...pictures.companies];
  await saveAvatars(
    tx,
    avatars,
    people.map((person) => {
      const company = person.user_type === UserType.Company;
      const pool = company ? pictures.companies.length : pictures.people.length;
      return { userId: person.id, picture: (company ? pictures.people.length : 0) + (deriveSeed(seed, 16, person.id) % pool) };
    }),
  );
  return {
    pictures: pictureCount + people.length,
    readings: readingCount,
    phases: [
      { name: 'posts: pictures and readings', ms: Math.round(postsMs) },
      { name: '  of which planning readings (JS)', ms: Math.round(planningMs) },
      { name: 'people: pictures', ms: Math.round(performance.now() - avatarsStarted) },
    ],
  };
}
