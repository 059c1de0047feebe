/**
 * `npm run seed`: writes the demo plan (people with profile pictures, accounts, posts with their
 * pictures and 90 days of numbers, credits, tags, a team and a few notifications) in one
 * transaction. Idempotent: when the marker user exists nothing is written.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { UserType, type NotificationStatus } from '../../../domain/enums.js';
import { CreditRole, Credit } from '../modules/credits/index.js';
import { recordMilestonesFromHistory } from '../modules/milestones/index.js';
import { Network, SocialAccount } from '../modules/networks/index.js';
import { Notification } from '../modules/notifications/index.js';
import { appendPostStats, Post, storePictures, type PreparedPicture } from '../modules/posts/index.js';
import { saveAvatars } from '../modules/settings/index.js';
import { TagType, Tag } from '../modules/tags/index.js';
import { TeamMember, Team } from '../modules/teams/index.js';
import { User } from '../modules/users/index.js';
import { DEMO_MARKER_USERNAME, DEMO_TEAM } from './demo-content.js';
import { planDemoData, type DemoPlan, type PlannedTag } from './demo-plan.js';
import { SEED_READING_SOURCE } from './post-readings.js';
import { mapConcurrently, renderAvatar, renderPostPicture } from './seed-pictures.js';
import { CURRENT_TERMS } from '../../../domain/terms.js';

export interface DemoSeedResult {
  /** False when the demo data was already there and nothing was written. */
  created: boolean;
  users: number;
  accounts: number;
  posts: number;
  credits: number;
  tags: number;
  postTags: number;
  teamMembers: number;
  notifications: number;
  pictures: number;
  readings: number;
  milestones: number;
}

export { DEMO_MARKER_USERNAME };

export async function seedDemoData(em: EntityManager, plan: DemoPlan = planDemoData()): Promise<DemoSeedResult> {
  const empty: DemoSeedResult = { created: false, users: 0, accounts: 0, posts: 0, credits: 0, tags: 0, postTags: 0, teamMembers: 0, notifications: 0, pictures: 0, readings: 0, milestones: 0 };
  if (await demoDataExists(em)) return empty;
  // Drawn before the transaction opens, so it stays short.
  const { postPictures, avatars } = await renderDemoPictures(plan);
  return em.transactional(async (tx) => {
    const users = new Map(plan.users.map(({ avatarSeed: _avatarSeed, ...planned }) => [planned.username, tx.create(User, { ...planned, termsAcknowledgedAt: plan.now, termsVersion: CURRENT_TERMS.id })]));
    const user = (username: string): User => {
      const found = users.get(username);
      if (!found) throw new Error(`demo plan names an unknown user: ${username}`);
      return found;
    };
    const accounts = plan.accounts.map((planned) =>
      tx.create(SocialAccount, { network: tx.getReference(Network, planned.networkId), handle: planned.handle, displayName: planned.displayName, owner: user(planned.ownerUsername) }),
    );
    const { tags, createdTags } = await findOrCreateTags(tx, plan.tags);

    let credits = 0;
    let postTags = 0;
    const posts = plan.posts.map((planned) => {
      const account = accounts[planned.account];
      if (!account) throw new Error(`demo plan names an unknown account: ${planned.account}`);
      const post = tx.create(Post, {
        network: tx.getReference(Network, planned.networkId),
        account,
        externalId: planned.externalId,
        url: planned.url,
        caption: planned.caption,
        type: planned.type,
        isPrivate: planned.isPrivate,
        postedAt: planned.postedAt,
        views: planned.views,
        likes: planned.likes,
        comments: planned.comments,
        shares: planned.shares,
        // The latest reading (below) is these numbers, read now.
        statsRefreshedAt: plan.now,
        thumbnailStoredAt: plan.now,
        importStatus: 'imported',
        createdBy: user(planned.createdByUsername),
        createdAt: planned.postedAt,
      });
      for (const credit of planned.credits) {
        // Demo credits stand for credits their people confirmed, so profiles show them publicly.
        tx.create(Credit, { post, user: user(credit.username), role: tx.getReference(CreditRole, credit.roleId), status: 'accepted' });
        credits++;
      }
      for (const plannedTag of planned.tags) {
        const tag = tags.get(tagKey(plannedTag));
        if (!tag) throw new Error(`demo plan names an unknown tag: ${plannedTag.name}`);
        post.tags.add(tag);
        postTags++;
      }
      return post;
    });

    const team = tx.create(Team, { name: DEMO_TEAM.name, status: 'active', plan: 'teams' });
    tx.create(TeamMember, { team, user: user(DEMO_TEAM.manager), role: 'manager', status: 'active' });
    for (const username of DEMO_TEAM.members) tx.create(TeamMember, { team, user: user(username), role: 'member', status: 'active' });
    for (const username of DEMO_TEAM.invited) tx.create(TeamMember, { team, user: user(username), role: 'member', status: 'invited' });
    await tx.flush();

    const notifications = demoNotifications(plan, posts, user);
    for (const notification of notifications) tx.create(Notification, notification);
    await tx.flush();

    await storePictures(tx, postPictures, posts.map((post, index) => ({ postId: post.id, picture: index })));
    await saveAvatars(tx, avatars, plan.users.map((planned, index) => ({ userId: user(planned.username).id, picture: index })));
    const readings = plan.posts.flatMap((planned, index) => planned.readings.map((reading) => ({ postId: posts[index]!.id, ...reading })));
    await appendPostStats(tx, readings, SEED_READING_SOURCE);
    const milestones = await recordMilestonesFromHistory(tx, posts.map((post) => post.id));

    return {
      created: true,
      users: users.size,
      accounts: accounts.length,
      posts: posts.length,
      credits,
      tags: createdTags,
      postTags,
      teamMembers: 1 + DEMO_TEAM.members.length + DEMO_TEAM.invited.length,
      notifications: notifications.length,
      pictures: postPictures.length + avatars.length,
      readings: readings.length,
      milestones,
    };
  });
}

/** Every post's picture and every person's profile picture, a few drawn at a time. */
async function renderDemoPictures(plan: DemoPlan): Promise<{ postPictures: PreparedPicture[]; avatars: Buffer[] }> {
  const postPictures = await mapConcurrently(plan.posts, (post) => renderPostPicture(post.picture.seed, post.picture.kind));
  const avatars = await mapConcurrently(plan.users, (user) => renderAvatar(user.avatarSeed, user.userType === UserType.Company ? 'company' : 'person'));
  return { postPictures, avatars };
}

export async function demoDataExists(em: EntityManager): Promise<boolean> {
  const rows = await em.execute<Array<{ found: boolean }>>('select exists (select 1 from users where lower(username) = lower(?)) as found', [DEMO_MARKER_USERNAME]);
  return rows[0]?.found === true;
}

function tagKey(tag: PlannedTag): string {
  return `${tag.type}:${tag.name.toLowerCase()}`;
}

/** Tags are shared with whatever is already in the database (unique per type and lower-cased name). */
async function findOrCreateTags(em: EntityManager, planned: readonly PlannedTag[]): Promise<{ tags: Map<string, Tag>; createdTags: number }> {
  const existing = await em.find(Tag, { tagType: { $in: [...new Set(planned.map((tag) => tag.type))] } });
  const tags = new Map(existing.map((tag) => [`${tag.tagType.id}:${tag.name.toLowerCase()}`, tag]));
  let createdTags = 0;
  for (const tag of planned) {
    if (tags.has(tagKey(tag))) continue;
    tags.set(tagKey(tag), em.create(Tag, { tagType: em.getReference(TagType, tag.type), name: tag.name }));
    createdTags++;
  }
  return { tags, createdTags };
}

interface PlannedNotification {
  user: User;
  kind: string;
  message: string;
  link: string | null;
  status: NotificationStatus;
}

function demoNotifications(plan: DemoPlan, posts: Post[], user: (username: string) => User): PlannedNotification[] {
  const markerPost = posts.findLast((_post, index) => plan.posts[index]?.createdByUsername === DEMO_MARKER_USERNAME) ?? posts.at(-1);
  const marker = user(DEMO_MARKER_USERNAME);
  return [
    { user: marker, kind: 'post_imported', message: 'Your post was imported', link: markerPost ? `/posts/${markerPost.id}` : null, status: 'new' },
    { user: marker, kind: 'stats_refreshed', message: 'The numbers of your posts were refreshed', link: '/analytics', status: 'seen' },
    { user: user('maya.okafor'), kind: 'credit_added', message: 'Byline Demo credited you as Director', link: markerPost ? `/posts/${markerPost.id}` : null, status: 'new' },
    { user: user('chloe.dubois'), kind: 'team_invitation', message: `Lena Fischer invited you to join ${DEMO_TEAM.name}`, link: '/teams', status: 'new' },
    { user: user('hana.kim'), kind: 'post_imported', message: 'Your post was imported', link: null, status: 'seen' },
  ];
}
