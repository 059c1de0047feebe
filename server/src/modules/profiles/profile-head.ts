import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MikroORM } from '../../db/orm.js';
import type { Logger } from '../../logger.js';
import { CAPTION_SUBTITLE_MAX, PRODUCT_NAME } from '../../../../domain/constants.js';
import { creditRoleLabel } from '../../../../domain/credit-roles.js';
import { UserType } from '../../../../domain/enums.js';
import { decodePathSegment } from '../../../../domain/url-parts.js';
import { formatCount, truncate } from '../../../../domain/format.js';
import { networkById, profileUrl } from '../../../../domain/networks.js';
import { isReservedUsername } from '../../../../domain/usernames.js';
import { Credit, publicCreditFilter } from '../credits/index.js';
import type { SocialAccountView } from '../networks/index.js';
import type { Post } from '../posts/index.js';
import { findVisiblePost, thumbnailPath, STORED_WIDTH } from '../posts/index.js';
import type { User } from '../users/index.js';
import { findUserByUsername } from '../users/index.js';
import { applyServerPageHead, type ServerPageHead } from '../../http/page-head-html.js';
import { mayViewProfile } from './profile.policy.js';
import { portfolioSummary } from './portfolio-summary.service.js';
import { verifiedAccounts } from './profile.service.js';

const SCHEMA_CONTEXT = 'https://schema.org';

/**
 * The head of a shared page, as a signed-out visitor (which is what a crawler is) may see it:
 * a profile at /{username}, a post at /posts/{id} or /posts/{id}-{account}-{network}. Anything
 * else, an unknown user and a post that is not public get null: the app's defaults stand, and
 * nothing about a private post leaves the server.
 */
export async function serverPageHeadFor(em: EntityManager, publicUrl: string, pathname: string): Promise<ServerPageHead | null> {
  const post = /^\/posts\/(\d{1,10})(?:-[^/]*)?\/?$/.exec(pathname);
  if (post) {
    const id = Number(post[1]);
    return id > 0 && id <= 2_147_483_647 ? postHead(em, publicUrl, id) : null;
  }
  const profile = /^\/([^/]+)\/?$/.exec(pathname);
  if (!profile) return null;
  const username = decodePathSegment(profile[1]!);
  // Reserved names are the app's own pages (/explore, /jobs…), never profiles.
  if (username === null || !/^[A-Za-z0-9._]{1,29}$/.test(username) || isReservedUsername(username)) return null;
  return profileHead(em, publicUrl, username);
}

function absolute(publicUrl: string, address: string): string {
  return new URL(address, publicUrl).href;
}

function pageUrl(publicUrl: string, path: string): string {
  return new URL(path, publicUrl).href;
}

function accountUrl(account: SocialAccountView): string | null {
  const network = networkById(account.network.id);
  return network ? profileUrl(network, account.handle) : null;
}

async function profileHead(em: EntityManager, publicUrl: string, username: string): Promise<ServerPageHead | null> {
  const user = await findUserByUsername(em, username);
  if (!user || !mayViewProfile(null, user) || !user.username) return null;
  const [{ totals, rolesHeld: roles }, accounts] = await Promise.all([portfolioSummary(em, null, user.id, { totals: true, rolesHeld: true, collaborators: 0 }), verifiedAccounts(em, user)]);
  const name = user.name ?? `@${user.username}`;
  const url = pageUrl(publicUrl, `/${encodeURIComponent(user.username)}`);
  const roleLine = roles.map((held) => `${creditRoleLabel(held.role)} · ${formatCount(held.postCount)} ${held.postCount === 1 ? 'post' : 'posts'}`).join(', ');
  const numbers = `${formatCount(totals.posts)} posts, ${formatCount(totals.views)} views, ${formatCount(totals.likes)} likes on ${PRODUCT_NAME}.`;
  const description = truncate(user.bio ?? (roleLine ? `${roleLine}. ${numbers}` : numbers), CAPTION_SUBTITLE_MAX);
  const avatar = user.avatarUrl ? absolute(publicUrl, user.avatarUrl) : null;
  const image = avatar && /^https?:\/\//i.test(avatar) ? avatar : null;
  const sameAs = [user.website, ...accounts.map(accountUrl)].filter((link): link is string => typeof link === 'string' && /^https?:\/\//i.test(link));
  return {
    title: `${name} (@${user.username}) | ${PRODUCT_NAME}`,
    description,
    url,
    image,
    ogType: 'profile',
    jsonLd: {
      '@context': SCHEMA_CONTEXT,
      // A company is an Organization in schema.org's terms; everyone else a Person.
      '@type': user.userType === UserType.Company ? 'Organization' : 'Person',
      name,
      alternateName: `@${user.username}`,
      url,
      ...(image ? { image } : {}),
      ...(user.bio ? { description: user.bio } : {}),
      ...(user.locationName ? { [user.userType === UserType.Company ? 'location' : 'homeLocation']: { '@type': 'Place', name: user.locationName } } : {}),
      ...(roles.length > 0 && user.userType !== UserType.Company ? { jobTitle: roles.map((held) => held.role.name) } : {}),
      ...(sameAs.length > 0 ? { sameAs } : {}),
    },
  };
}

function postImage(publicUrl: string, post: Post): string | null {
  if (post.thumbnailStoredAt) return absolute(publicUrl, thumbnailPath(post.id, STORED_WIDTH));
  return post.thumbnailUrl && /^https?:\/\//i.test(post.thumbnailUrl) ? post.thumbnailUrl : null;
}

async function postHead(em: EntityManager, publicUrl: string, id: number): Promise<ServerPageHead | null> {
  // Signed out: a private post or a story is null here, and so gets no details at all.
  const post = await findVisiblePost(em, null, id);
  if (!post) return null;
  const publicCredits: FilterQuery<Credit> = { $and: [structuredClone(publicCreditFilter), { post: post.id }] };
  const [account, network, credits] = await Promise.all([
    post.account.loadOrFail(),
    post.network.loadOrFail(),
    em.find(Credit, publicCredits, { populate: ['user', 'role'], orderBy: { id: 'asc' }, limit: 100 }),
  ]);
  const author = account.displayName ?? `@${account.handle}`;
  const url = pageUrl(publicUrl, `/posts/${post.id}`);
  const people = credits.flatMap((credit) => {
    const user = credit.user?.getEntity();
    const role = credit.role.getEntity();
    return user ? [{ user, role }] : [];
  });
  const creditLine = people.map(({ user, role }) => `${creditRoleLabel(role)} ${displayName(user)}`).join(', ');
  const caption = post.caption?.trim() || null;
  const description = truncate([creditLine ? `Credits: ${creditLine}.` : null, caption].filter(Boolean).join(' ') || `A post by ${author} on ${network.title}.`, CAPTION_SUBTITLE_MAX);
  const image = postImage(publicUrl, post);
  const authorUrl = accountUrl(account);
  return {
    title: `Post by ${author} on ${network.title} | ${PRODUCT_NAME}`,
    description,
    url,
    image,
    ogType: 'article',
    jsonLd: {
      '@context': SCHEMA_CONTEXT,
      '@type': 'CreativeWork',
      name: caption ? truncate(caption, 110) : `Post by ${author} on ${network.title}`,
      url,
      sameAs: post.url,
      ...(image ? { image } : {}),
      ...(post.postedAt ? { datePublished: post.postedAt.toISOString() } : {}),
      author: { '@type': 'Person', name: author, ...(authorUrl ? { url: authorUrl } : {}) },
      // schema.org's Role wraps a contributor to say in which role they contributed.
      contributor: people.map(({ user, role }) => ({
        '@type': 'Role',
        roleName: role.name,
        contributor: {
          '@type': user.userType === UserType.Company ? 'Organization' : 'Person',
          name: displayName(user),
          ...(user.username ? { url: pageUrl(publicUrl, `/${encodeURIComponent(user.username)}`) } : {}),
        },
      })),
      ...(post.views !== null || post.likes !== null
        ? {
            interactionStatistic: [
              ...(post.views !== null ? [{ '@type': 'InteractionCounter', interactionType: 'https://schema.org/WatchAction', userInteractionCount: Number(post.views) }] : []),
              ...(post.likes !== null ? [{ '@type': 'InteractionCounter', interactionType: 'https://schema.org/LikeAction', userInteractionCount: Number(post.likes) }] : []),
            ],
          }
        : {}),
    },
  };
}

function displayName(user: User): string {
  return user.name ?? (user.username ? `@${user.username}` : 'Someone');
}

/**
 * Another module's shared pages (a job's, from the jobs module): the head of `pathname` as a
 * signed-out visitor may see it, or null when the path is not one of its pages.
 */
export type PageHeadSource = (em: EntityManager, publicUrl: string, pathname: string) => Promise<ServerPageHead | null>;

/**
 * index.html for `pathname` with its page head filled in where the page is a profile, a public
 * post or a page of one of `sources`. A failure to look it up (say the database is away) serves
 * the plain page: the app then shows the page and its own head as usual.
 */
export function pageHeadInjector(deps: { orm: MikroORM; publicUrl: string; logger: Logger; sources?: readonly PageHeadSource[] }): (html: string, pathname: string) => Promise<string> {
  return async (html: string, pathname: string): Promise<string> => {
    try {
      const em = deps.orm.em.fork();
      let head = await serverPageHeadFor(em, deps.publicUrl, pathname);
      for (const source of deps.sources ?? []) head ??= await source(em, deps.publicUrl, pathname);
      return head ? applyServerPageHead(html, head) : html;
    } catch (error) {
      deps.logger.warn({ err: error, pathname }, 'page head lookup failed; serving the plain page');
      return html;
    }
  };
}
