/**
 * The fixture Instagram, Facebook and Threads (Meta's networks): post pages with Open Graph
 * tags as Meta serves them logged out, login walls for posts that are not public, and the
 * shared "this page isn't available" page for removed ones.
 */
import { NetworkId } from '../../../../domain/networks.js';
import { brokenPage, htmlPage, noticePage, redirect, type FixtureResponse, type FixtureRouter } from './fixture-http.js';
import { hashOf, longDate, shortCount, type FixturePost } from './fixture-posts.js';
import { recognized } from './oembed-networks.js';
import type { PostScenario } from './scenarios.js';

const META_REMOVED = "Sorry, this page isn't available. The link you followed may be broken, or the page may have been removed.";

function loginPage(network: string): FixtureResponse {
  return htmlPage({ title: `Log in • ${network}`, metas: [['og:title', network]], body: '<form><input name="username"></form>' });
}

/** Shared failure pages; `loginUrl` is where a post that is not public sends visitors. */
function metaFailure(scenario: PostScenario, loginUrl: string): FixtureResponse | null {
  if (scenario === 'broken') return brokenPage();
  if (scenario === 'private') return redirect(302, loginUrl);
  if (scenario === 'deleted') return noticePage('Page not found', META_REMOVED);
  if (scenario === 'missing') return noticePage('Page not found', META_REMOVED, 404);
  return null;
}

// --- Instagram -----------------------------------------------------------------------

function instagramPage(path: string) {
  return (scenario: PostScenario, post: FixturePost): FixtureResponse => {
    const failed = metaFailure(scenario, `https://www.instagram.com/accounts/login/?next=${encodeURIComponent(path)}`);
    if (failed) return failed;
    const isVideo = post.media === 'video';
    return htmlPage({
      title: `${post.displayName} on Instagram: "${post.caption}"`,
      metaStyle: 'content-first',
      metas: [
        ['og:site_name', 'Instagram'],
        ['og:type', isVideo ? 'video.other' : 'instapp:photo'],
        ['og:url', `https://www.instagram.com/${isVideo ? 'reel' : 'p'}/${post.id}/`],
        ['og:title', `${post.displayName} on Instagram: "${post.caption}"`],
        ['og:image', `https://scontent.cdninstagram.com/v/t51.29350-15/${post.id}_n.jpg?stp=dst-jpg&_nc_ht=scontent.cdninstagram.com`],
        ['og:video', isVideo ? `https://scontent.cdninstagram.com/o1/v/t16/${post.id}.mp4` : null],
        [
          'og:description',
          `${shortCount(post.stats.likes)} likes, ${shortCount(post.stats.comments)} comments - ${post.handle} on ${longDate(post.postedAt)}: "${post.caption}". `,
        ],
        ['twitter:card', 'summary_large_image'],
      ],
    });
  };
}

/** Share links (/share/{code}/) redirect to the post they share. */
function instagramShare(code: string): FixtureResponse {
  return redirect(302, `https://www.instagram.com/p/Cs${String(hashOf(code)).padStart(10, '0')}/?igsh=fixture`);
}

export const instagramRouter: FixtureRouter = ({ host, url }) => {
  if (host !== 'www.instagram.com' && host !== 'instagram.com') return null;
  if (url.pathname.startsWith('/accounts/login')) return loginPage('Instagram');
  const post = recognized(url.href, NetworkId.Instagram);
  if (post === null) return null;
  if (post.kind === 'share') return instagramShare(post.externalId);
  return { network: 'instagram', postId: post.externalId, render: instagramPage(url.pathname) };
};

// --- Facebook ------------------------------------------------------------------------

function facebookPage(scenario: PostScenario, post: FixturePost): FixtureResponse {
  const failed = metaFailure(scenario, `https://www.facebook.com/login/?next=${encodeURIComponent(`https://www.facebook.com/${post.id}`)}`);
  if (failed) return failed;
  const isVideo = post.media === 'video';
  const url = isVideo ? `https://www.facebook.com/watch/?v=${post.id}` : `https://www.facebook.com/${post.handle}/posts/${post.id}`;
  const image = post.media === 'text' ? undefined : `https://scontent.xx.fbcdn.net/v/t39.30808-6/${post.id}_n.jpg`;
  return htmlPage({
    title: `${post.caption} | ${post.displayName} | Facebook`,
    metas: [
      ['og:title', post.displayName],
      ['og:description', post.caption],
      ['og:url', url],
      ['og:type', isVideo ? 'video.other' : 'article'],
      ['og:image', image],
      ['og:video', isVideo ? `https://video.xx.fbcdn.net/v/${post.id}.mp4` : null],
    ],
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': isVideo ? 'VideoObject' : 'SocialMediaPosting',
      url,
      articleBody: post.caption,
      datePublished: post.postedAt,
      image,
      author: { '@type': 'Organization', name: post.displayName, url: `https://www.facebook.com/${post.handle}` },
      interactionStatistic: [
        { '@type': 'InteractionCounter', interactionType: 'https://schema.org/LikeAction', userInteractionCount: post.stats.likes },
        { '@type': 'InteractionCounter', interactionType: 'https://schema.org/CommentAction', userInteractionCount: post.stats.comments },
        { '@type': 'InteractionCounter', interactionType: 'https://schema.org/ShareAction', userInteractionCount: post.stats.shares },
      ],
    },
  });
}

/** Indirect links (fb.watch/{code}, /share/…) redirect to the post's own address. */
function facebookIndirect(code: string): FixtureResponse {
  return redirect(302, `https://www.facebook.com/watch/?v=${String(hashOf(code)).padStart(10, '1')}`);
}

export const facebookRouter: FixtureRouter = ({ host, url }) => {
  if (!['www.facebook.com', 'facebook.com', 'm.facebook.com', 'web.facebook.com', 'fb.watch'].includes(host)) return null;
  if (/^\/(login|login\.php)(\/|$)/.test(url.pathname)) return loginPage('Facebook');
  const post = recognized(url.href, NetworkId.Facebook);
  if (post === null) return null;
  if (host === 'fb.watch' || url.pathname.startsWith('/share/')) return facebookIndirect(post.externalId);
  return { network: 'facebook', postId: post.externalId, render: facebookPage };
};

// --- Threads -------------------------------------------------------------------------

function threadsPage(scenario: PostScenario, post: FixturePost): FixtureResponse {
  if (scenario === 'broken') return brokenPage();
  if (scenario === 'private') return noticePage('Threads', 'This profile is private.');
  if (scenario === 'deleted') return noticePage('Threads', 'Sorry, this post was deleted.');
  if (scenario === 'missing') return noticePage('Threads', META_REMOVED, 404);
  const hasMedia = post.media !== 'text';
  return htmlPage({
    title: `${post.displayName} (@${post.handle}) on Threads`,
    metas: [
      ['og:title', `${post.displayName} (@${post.handle}) on Threads`],
      ['og:description', post.caption],
      ['og:url', `https://www.threads.net/@${post.handle}/post/${post.id}`],
      ['og:image', hasMedia ? `https://scontent.cdninstagram.com/v/t51/${post.id}.jpg` : `https://scontent.cdninstagram.com/v/t51/${post.handle}_avatar.jpg`],
      ['og:video', post.media === 'video' ? `https://scontent.cdninstagram.com/o1/v/${post.id}.mp4` : null],
      ['twitter:card', hasMedia ? 'summary_large_image' : 'summary'],
    ],
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'SocialMediaPosting',
      datePublished: post.postedAt,
      articleBody: post.caption,
      interactionStatistic: [
        { '@type': 'InteractionCounter', interactionType: { '@type': 'LikeAction' }, userInteractionCount: post.stats.likes },
        { '@type': 'InteractionCounter', interactionType: { '@type': 'CommentAction' }, userInteractionCount: post.stats.comments },
        { '@type': 'InteractionCounter', interactionType: { '@type': 'ShareAction' }, userInteractionCount: post.stats.shares },
      ],
    },
  });
}

export const threadsRouter: FixtureRouter = ({ host, url }) => {
  if (!['www.threads.net', 'threads.net', 'www.threads.com', 'threads.com'].includes(host)) return null;
  if (url.pathname.startsWith('/login')) return loginPage('Threads');
  const segments = url.pathname.split('/').filter(Boolean);
  const postIndex = segments.indexOf('post');
  const id = postIndex > 0 ? segments[postIndex + 1] : undefined;
  return id === undefined ? null : { network: 'threads', postId: id, render: threadsPage };
};
