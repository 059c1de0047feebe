/**
 * The demo data set as plain values, built from a fixed seed: the same plan on every run, but
 * for its dates, which count back from the moment it is seeded so the demo always has fresh
 * posts. `demo-data.ts` writes it to the database; keeping the two apart keeps both short.
 */
import { PostType, TagType, UserType } from '../../../domain/enums.js';
import { encodeGeohash } from '../../../domain/geohash.js';
import type { NetworkId } from '../../../domain/networks.js';
import { CAMPAIGNS, CAPTIONS, CITIES, DEMO_MARKER_USERNAME, DEMO_PEOPLE, DEMO_TAGS, PRODUCTS, type DemoPerson } from './demo-content.js';
import { demoPostUrl, handleFor, POSTING_NETWORKS, postTypeFor } from './demo-post-urls.js';
import { pictureKindFor, type PictureKind } from './seed-pictures.js';
import { planReadings, readingTimes, type Reading } from './post-readings.js';
import { deriveSeed, Prng } from './prng.js';

export const DEMO_SEED = 20261121;
export const DEMO_POST_COUNT = 100;
/** The oldest demo post is this many days old. */
const DEMO_HISTORY_DAYS = 540;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export interface PlannedUser {
  username: string;
  name: string;
  userType: UserType;
  roleFlags: number[];
  locationGeohash: string;
  email: string;
  /** Seed of the profile picture (seed-pictures.ts). */
  avatarSeed: number;
}

export interface PlannedAccount {
  networkId: NetworkId;
  handle: string;
  displayName: string;
  ownerUsername: string;
}

export interface PlannedTag {
  type: TagType;
  name: string;
}

export interface PlannedPost {
  /** Index into `accounts`. */
  account: number;
  networkId: NetworkId;
  externalId: string;
  url: string;
  caption: string;
  type: PostType;
  isPrivate: boolean;
  postedAt: Date;
  views: number | null;
  likes: number;
  comments: number;
  shares: number;
  createdByUsername: string;
  credits: Array<{ username: string; roleId: number }>;
  tags: PlannedTag[];
  picture: { seed: number; kind: PictureKind };
  /** The numbers' history, oldest first; the last reading is the numbers above, taken at `now`. */
  readings: Reading[];
}

export interface DemoPlan {
  /** When the demo is seeded: dates count back from here. */
  now: Date;
  users: PlannedUser[];
  accounts: PlannedAccount[];
  tags: PlannedTag[];
  posts: PlannedPost[];
}

/** Roles a collaborator may get (everything but Creator 16 and Brand 17, which follow the account). */
const COLLABORATOR_ROLES = [1, 1, 2, 2, 3, 3, 4, 5, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
const BRAND_ROLE = 17;
const CREATOR_ROLE = 16;

const FILETYPE_TAG: Readonly<Record<PostType, string | null>> = {
  [PostType.Video]: 'Video',
  [PostType.Gif]: 'GIF',
  [PostType.Image]: 'Photo',
  [PostType.Text]: null,
  [PostType.Story]: 'Video',
};

function tagNames(type: TagType): readonly string[] {
  return DEMO_TAGS.find((group) => group.type === type)?.names ?? [];
}

export interface DemoPlanOptions {
  now?: Date;
  /** Fewer posts for a quicker demo (tests); the people, accounts and tags stay the same. */
  posts?: number;
}

export function planDemoData(seed: number = DEMO_SEED, options: DemoPlanOptions = {}): DemoPlan {
  const now = options.now ?? new Date();
  const prng = new Prng(seed);
  const users = DEMO_PEOPLE.map((person, index) => planUser(person, deriveSeed(seed, 2, index)));
  const accounts = DEMO_PEOPLE.flatMap((person) =>
    person.networks.map((networkId): PlannedAccount => ({ networkId, handle: handleFor(networkId, person.username, person.name), displayName: person.name, ownerUsername: person.username })),
  );
  const tags = DEMO_TAGS.flatMap((group) => group.names.map((name) => ({ type: group.type, name })));
  const people = new Map(DEMO_PEOPLE.map((person) => [person.username, person]));
  const creators = DEMO_PEOPLE.filter((person) => person.userType === UserType.Creator);
  const brands = DEMO_PEOPLE.filter((person) => person.userType === UserType.Company && person.username !== DEMO_MARKER_USERNAME);
  const postingAccounts = accounts.map((account, index) => ({ account, index })).filter(({ account }) => POSTING_NETWORKS.includes(account.networkId));
  const brandAccounts = postingAccounts.filter(({ account }) => people.get(account.ownerUsername)?.userType === UserType.Company);

  const takenIds = new Set<string>();
  const posts: PlannedPost[] = [];
  for (let i = 0; i < (options.posts ?? DEMO_POST_COUNT); i++) {
    // Brands post most campaign work; creators post the rest on their own accounts.
    const { account, index } = prng.chance(0.55) ? prng.pick(brandAccounts) : prng.pick(postingAccounts);
    const owner = people.get(account.ownerUsername) as DemoPerson;
    const isBrand = owner.userType === UserType.Company && owner.username !== DEMO_MARKER_USERNAME;
    const brand = isBrand ? owner : prng.pick(brands);
    const city = prng.chance(0.6) ? CITIES[owner.city] : prng.pick(Object.values(CITIES));
    const caption = prng
      .pick(CAPTIONS)
      .replaceAll('{campaign}', prng.pick(CAMPAIGNS))
      .replaceAll('{product}', prng.pick(PRODUCTS))
      .replaceAll('{brand}', brand.name)
      .replaceAll('{city}', city.name);
    const type = postTypeFor(prng, account.networkId);
    const recognized = demoPostUrl(prng, account.networkId, account.handle, type, caption, takenIds);

    const credits = new Map<string, { username: string; roleId: number }>();
    const credit = (username: string, roleId: number) => credits.set(`${username}:${roleId}`, { username, roleId });
    if (isBrand) credit(owner.username, BRAND_ROLE);
    else if (owner.userType === UserType.Creator) credit(owner.username, CREATOR_ROLE);
    for (const collaborator of prng.sample(creators, prng.int(1, 3))) credit(collaborator.username, prng.pick(COLLABORATOR_ROLES));

    const tags: PlannedTag[] = [{ type: TagType.location, name: city.name }];
    const filetype = FILETYPE_TAG[type];
    if (filetype) tags.push({ type: TagType.filetype, name: filetype });
    if (tagNames(TagType.client).includes(brand.name)) tags.push({ type: TagType.client, name: brand.name });
    for (const name of prng.sample(tagNames(TagType.tag), prng.int(1, 2))) tags.push({ type: TagType.tag, name });
    if (prng.chance(0.2)) tags.push({ type: TagType.event, name: prng.pick(tagNames(TagType.event)) });
    if (prng.chance(0.15)) tags.push({ type: TagType.creator, name: prng.pick(tagNames(TagType.creator)) });

    const views = type === PostType.Image || type === PostType.Text ? null : 800 + prng.heavyTail(4_000_000);
    const reach = views ?? 500 + prng.heavyTail(400_000);
    const likes = Math.round(reach * (0.02 + prng.next() * 0.07));
    // Squared, so recent weeks hold more posts than older ones, as on an active account.
    const postedAt = new Date(now.getTime() - Math.floor(DEMO_HISTORY_DAYS * prng.next() ** 2) * DAY_MS - prng.int(1, 23) * HOUR_MS);
    const numbers = { views, likes, comments: Math.round(likes * (0.005 + prng.next() * 0.035)), shares: Math.round(likes * prng.next() * 0.1) };
    // Pictures and readings draw from streams of their own, so they leave the rest of the plan as it was.
    const postSeed = deriveSeed(seed, 1, i);
    posts.push({
      account: index,
      networkId: recognized.networkId,
      externalId: recognized.externalId,
      url: recognized.normalizedUrl,
      caption,
      type,
      isPrivate: type !== PostType.Story && prng.chance(0.05),
      postedAt,
      ...numbers,
      createdByUsername: prng.chance(0.15) ? DEMO_MARKER_USERNAME : owner.username,
      credits: [...credits.values()],
      tags,
      picture: { seed: postSeed, kind: pictureKindFor(recognized.networkId, type, new Prng(deriveSeed(postSeed, 0)).next()) },
      readings: planReadings(new Prng(deriveSeed(seed, 3, i)), postedAt, numbers, readingTimes(postedAt, now)),
    });
  }
  // Oldest first, so ids and `createdAt` follow the posting dates and the feed reads newest first.
  posts.sort((a, b) => a.postedAt.getTime() - b.postedAt.getTime());
  return { now, users, accounts, tags, posts };
}

function planUser(person: DemoPerson, avatarSeed: number): PlannedUser {
  const city = CITIES[person.city];
  return {
    username: person.username,
    name: person.name,
    userType: person.userType,
    roleFlags: person.roleFlags,
    locationGeohash: encodeGeohash(city.lat, city.lon, 7),
    email: `${person.username.replace(/_/g, '.')}@example.com`,
    avatarSeed,
  };
}
