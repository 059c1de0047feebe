/**
 * The fixture LinkedIn, Twitch, Behance, Snapchat and personal websites: post pages with
 * Open Graph tags and schema.org JSON-LD, each network failing in its own way.
 */
import { NetworkId } from '../../../../domain/networks.js';
import { brokenPage, htmlPage, noticePage, redirect, text, type FixtureResponse, type FixtureRouter } from './fixture-http.js';
import type { FixturePost, FixtureStats } from './fixture-posts.js';
import { recognized } from './oembed-networks.js';
import type { PostScenario } from './scenarios.js';

const ACTIONS: ReadonlyArray<readonly [keyof FixtureStats, string]> = [
  ['views', 'WatchAction'],
  ['likes', 'LikeAction'],
  ['comments', 'CommentAction'],
  ['shares', 'ShareAction'],
];

/** schema.org counters for the stats a network shows. */
function counters(post: FixturePost, shown: ReadonlyArray<keyof FixtureStats>): unknown[] {
  return ACTIONS.filter(([field]) => shown.includes(field)).map(([field, action]) => ({
    '@type': 'InteractionCounter',
    interactionType: `https://schema.org/${action}`,
    userInteractionCount: post.stats[field],
  }));
}

/** Failure pages written as `[private, deleted]` notices; missing is a 404 everywhere. */
function notices(scenario: PostScenario, site: string, words: { private: FixtureResponse | string; deleted: string }): FixtureResponse | null {
  if (scenario === 'broken') return brokenPage();
  if (scenario === 'private') return typeof words.private === 'string' ? noticePage(site, words.private) : words.private;
  if (scenario === 'deleted') return noticePage(site, words.deleted);
  if (scenario === 'missing') return noticePage(site, 'Page not found', 404);
  return null;
}

// --- LinkedIn ------------------------------------------------------------------------

function linkedinPage(path: string) {
  return (scenario: PostScenario, post: FixturePost): FixtureResponse => {
    const authwall = redirect(302, `https://www.linkedin.com/authwall?trk=bf&sessionRedirect=${encodeURIComponent(`https://www.linkedin.com${path}`)}`);
    const failed = notices(scenario, 'LinkedIn', { private: authwall, deleted: 'This post has been removed.' });
    if (failed) return failed;
    const image = post.media === 'text' ? undefined : `https://media.licdn.com/dms/image/${post.id}/feedshare-shrink_800.jpg`;
    return htmlPage({
      title: `${post.caption} | ${post.displayName} | LinkedIn`,
      metas: [
        ['og:title', `${post.caption} | ${post.displayName}`],
        ['og:description', post.caption],
        ['og:url', `https://www.linkedin.com/feed/update/urn:li:activity:${post.id}/`],
        ['og:image', image ?? `https://media.licdn.com/dms/image/${post.handle}/profile-displayphoto.jpg`],
        ['twitter:card', image ? 'summary_large_image' : 'summary'],
      ],
      jsonLd: {
        '@context': 'http://schema.org',
        '@type': 'DiscussionForumPosting',
        headline: post.caption,
        articleBody: post.caption,
        datePublished: post.postedAt,
        image,
        author: { '@type': 'Person', name: post.displayName, url: `https://www.linkedin.com/in/${post.handle}` },
        interactionStatistic: counters(post, ['likes']),
        commentCount: post.stats.comments,
      },
    });
  };
}

export const linkedinRouter: FixtureRouter = ({ host, url }) => {
  if (host !== 'www.linkedin.com' && host !== 'linkedin.com') return null;
  if (url.pathname.startsWith('/authwall')) return htmlPage({ title: 'Sign Up | LinkedIn', metas: [['og:title', 'LinkedIn']] });
  const post = recognized(url.href, NetworkId.LinkedIn);
  return post === null ? null : { network: 'linkedin', postId: post.externalId, render: linkedinPage(url.pathname) };
};

// --- Twitch --------------------------------------------------------------------------

function twitchPage(isClip: boolean) {
  return (scenario: PostScenario, post: FixturePost): FixtureResponse => {
    const failed = notices(scenario, 'Twitch', {
      private: 'This video is only available to subscribers. Subscribe now to watch!',
      deleted: "Sorry. Unless you've got a time machine, that content is unavailable.",
    });
    if (failed) return failed;
    const url = isClip ? `https://www.twitch.tv/${post.handle}/clip/${post.id}` : `https://www.twitch.tv/videos/${post.id}`;
    const thumbnail = `https://static-cdn.jtvnw.net/cf_vods/${post.id}/thumb/thumb0-640x360.jpg`;
    return htmlPage({
      title: `${post.caption} - ${post.displayName} on Twitch`,
      metas: [
        ['og:site_name', 'Twitch'],
        ['og:title', `${post.caption} - ${post.displayName}`],
        ['og:description', `${post.displayName} went live on Twitch.`],
        ['og:image', thumbnail],
        ['og:url', url],
        ['og:type', 'video.other'],
        ['og:video', `https://player.twitch.tv/?video=${post.id}`],
      ],
      // Twitch wraps its node in @graph; clips name the channel only in their URL.
      jsonLd: {
        '@context': 'http://schema.org',
        '@graph': [
          {
            '@type': 'VideoObject',
            name: post.caption,
            description: `${post.displayName} went live on Twitch.`,
            embedUrl: `https://player.twitch.tv/?video=${post.id}`,
            thumbnailUrl: [thumbnail],
            uploadDate: post.postedAt,
            interactionStatistic: counters(post, ['views'])[0],
            ...(isClip ? {} : { author: { '@type': 'Person', name: post.displayName, url: `https://www.twitch.tv/${post.handle}` } }),
          },
        ],
      },
    });
  };
}

export const twitchRouter: FixtureRouter = ({ host, url }) => {
  if (!['www.twitch.tv', 'twitch.tv', 'm.twitch.tv', 'clips.twitch.tv'].includes(host)) return null;
  const post = recognized(url.href, NetworkId.Twitch);
  return post === null ? null : { network: 'twitch', postId: post.externalId, render: twitchPage(post.kind === 'clip') };
};

// --- Behance -------------------------------------------------------------------------

function behancePage(scenario: PostScenario, post: FixturePost): FixtureResponse {
  if (scenario === 'private') return noticePage('Behance', 'You do not have access to this project.', 403);
  const failed = notices(scenario, 'Behance', { private: '', deleted: 'This project has been removed by its owner.' });
  if (failed) return failed;
  const image = `https://mir-s3-cdn-cf.behance.net/projects/404/${post.id}.jpg`;
  return htmlPage({
    title: `${post.caption} :: Behance`,
    metas: [
      ['og:title', post.caption],
      ['og:description', `${post.caption} by ${post.displayName} on Behance`],
      ['og:image', image],
      ['og:url', `https://www.behance.net/gallery/${post.id}/${post.caption.replace(/\W+/g, '-')}`],
      ['og:type', 'article'],
      ['twitter:card', 'summary_large_image'],
    ],
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'CreativeWork',
      name: post.caption,
      image,
      datePublished: post.postedAt,
      creator: [{ '@type': 'Person', name: post.displayName, url: `https://www.behance.net/${post.handle}` }],
      // Behance counts views and appreciations; an appreciation is a like.
      interactionStatistic: [
        { '@type': 'InteractionCounter', interactionType: 'https://schema.org/ViewAction', userInteractionCount: post.stats.views },
        ...counters(post, ['likes', 'comments']),
      ],
    },
  });
}

export const behanceRouter: FixtureRouter = ({ host, url }) => {
  if (host !== 'www.behance.net' && host !== 'behance.net') return null;
  const [first, id] = url.pathname.split('/').filter(Boolean);
  return first === 'gallery' && id !== undefined ? { network: 'behance', postId: id, render: behancePage } : null;
};

// --- Snapchat ------------------------------------------------------------------------

function snapchatPage(scenario: PostScenario, post: FixturePost): FixtureResponse {
  const failed = notices(scenario, 'Snapchat', { private: 'This content is private.', deleted: 'This Spotlight is no longer available.' });
  if (failed) return failed;
  const thumbnail = `https://cf-st.sc-cdn.net/d/${post.id}.jpg`;
  return htmlPage({
    title: `${post.caption} | Spotlight on Snapchat`,
    metas: [
      ['og:title', `${post.displayName} on Snapchat`],
      ['og:description', post.caption],
      ['og:image', thumbnail],
      ['og:video', `https://cf-st.sc-cdn.net/d/${post.id}.mp4`],
      ['og:url', `https://www.snapchat.com/spotlight/${post.id}`],
    ],
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'VideoObject',
      name: post.caption,
      description: post.caption,
      thumbnailUrl: thumbnail,
      uploadDate: post.postedAt,
      creator: { '@type': 'Person', name: post.displayName, alternateName: post.handle, url: `https://www.snapchat.com/add/${post.handle}` },
      interactionStatistic: counters(post, ['views', 'likes', 'comments', 'shares']),
    },
  });
}

export const snapchatRouter: FixtureRouter = ({ host, url }) => {
  if (host !== 'www.snapchat.com' && host !== 'snapchat.com') return null;
  const [first, id] = url.pathname.split('/').filter(Boolean);
  return first === 'spotlight' && id !== undefined ? { network: 'snapchat', postId: id, render: snapchatPage } : null;
};

// --- Personal websites ---------------------------------------------------------------

function websitePage(host: string) {
  return (scenario: PostScenario, post: FixturePost): FixtureResponse => {
    if (scenario === 'private') return text(401, 'This page is password protected.', 'text/html');
    const failed = notices(scenario, '', { private: '', deleted: 'This page has been removed.' });
    if (failed) return failed;
    const siteName = post.handle === 'fixture_creator' ? host.replace(/^www\./, '') : post.displayName;
    return htmlPage({
      title: `${post.caption} — ${siteName}`,
      metas: [
        ['og:site_name', siteName],
        ['og:title', post.caption],
        ['og:description', `${post.caption}: case study`],
        // Sites often write their picture relative to the page.
        ['og:image', post.media === 'text' ? null : `/images/${post.id}.jpg`],
        ['og:type', post.media === 'video' ? 'video.other' : 'article'],
        ['article:published_time', post.postedAt],
        ['author', post.displayName],
      ],
      jsonLd: { '@context': 'https://schema.org', '@type': 'BlogPosting', headline: post.caption, author: { '@type': 'Person', name: post.displayName } },
    });
  };
}

/** Any host no network claims is someone's website; the last path segment names the page. */
export const websiteRouter: FixtureRouter = ({ host, url }) => {
  const id = url.pathname.split('/').filter(Boolean).at(-1) ?? 'home';
  return { network: 'website', postId: id, render: websitePage(host) };
};
