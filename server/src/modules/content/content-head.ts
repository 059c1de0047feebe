import { PRODUCT_NAME } from '../../../../domain/constants.js';
import { decodePathSegment } from '../../../../domain/url-parts.js';
import { applyServerPageHead, escapeHtml, type ServerPageHead } from '../../http/page-head-html.js';
import type { Logger } from '../../logger.js';
import { BLOG_FEED_PATH } from './blog-feed.js';
import { contentLibrary, type ContentLibrary } from './content-library.js';

const SCHEMA_CONTEXT = 'https://schema.org';
export const BLOG_DESCRIPTION = `Stories and news from ${PRODUCT_NAME}: how crediting works, building on the API, and what is new.`;
export const HELP_DESCRIPTION = `Answers to common questions about ${PRODUCT_NAME}: importing posts, credits, profiles, teams and the API.`;

const absolute = (publicUrl: string, address: string) => new URL(address, publicUrl).href;

function coverImage(publicUrl: string, cover: string | null): string | null {
  return cover ? absolute(publicUrl, cover) : null;
}

/**
 * The head of a blog or help page (docs/product.md §Blog and help), from the files alone: the
 * index pages, one post, one article. Any other path, or an unknown slug, is null.
 */
export function contentPageHead(library: ContentLibrary, publicUrl: string, pathname: string): ServerPageHead | null {
  const trimmed = pathname.replace(/\/$/, '') || '/';
  const url = absolute(publicUrl, trimmed);
  if (trimmed === '/blog') {
    return { title: `Blog | ${PRODUCT_NAME}`, description: BLOG_DESCRIPTION, url, image: null, ogType: 'website', jsonLd: { '@context': SCHEMA_CONTEXT, '@type': 'Blog', name: `${PRODUCT_NAME} blog`, url } };
  }
  if (trimmed === '/help') {
    return { title: `Help Centre | ${PRODUCT_NAME}`, description: HELP_DESCRIPTION, url, image: null, ogType: 'website', jsonLd: { '@context': SCHEMA_CONTEXT, '@type': 'WebPage', name: `${PRODUCT_NAME} Help Centre`, url } };
  }
  const match = /^\/(blog|help)\/([^/]+)$/.exec(trimmed);
  const slug = match ? decodePathSegment(match[2]!) : null;
  if (!match || slug === null) return null;
  if (match[1] === 'blog') {
    const post = library.blogPost(slug);
    if (!post) return null;
    const image = coverImage(publicUrl, post.cover);
    return {
      title: `${post.title} | ${PRODUCT_NAME}`,
      description: post.summary,
      url,
      image,
      ogType: 'article',
      jsonLd: {
        '@context': SCHEMA_CONTEXT,
        '@type': 'BlogPosting',
        headline: post.title,
        description: post.summary,
        datePublished: post.date,
        author: { '@type': 'Organization', name: post.author },
        publisher: { '@type': 'Organization', name: PRODUCT_NAME },
        url,
        ...(image ? { image } : {}),
      },
    };
  }
  const article = library.helpArticle(slug);
  if (!article) return null;
  return {
    title: `${article.title} | ${PRODUCT_NAME}`,
    description: article.summary,
    url,
    image: null,
    ogType: 'article',
    jsonLd: { '@context': SCHEMA_CONTEXT, '@type': 'TechArticle', headline: article.title, description: article.summary, url },
  };
}

/** The feed's `<link rel="alternate">`, which feed readers look for on the blog's index. */
export function blogFeedLinkTag(publicUrl: string): string {
  return `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(`${PRODUCT_NAME} blog`)}" href="${escapeHtml(absolute(publicUrl, BLOG_FEED_PATH))}" />`;
}

/**
 * index.html for `pathname` with a blog or help page's head filled in; any other page as it came.
 * A failure to read the files serves the plain page, whose own code then sets its head.
 */
export function contentPageHeadInjector(deps: { contentDir: string; publicUrl: string; logger: Logger }): (html: string, pathname: string) => Promise<string> {
  return async (html, pathname) => {
    if (!/^\/(blog|help)(\/|$)/.test(pathname)) return html;
    try {
      const head = contentPageHead(await contentLibrary(deps.contentDir), deps.publicUrl, pathname);
      if (!head) return html;
      const withHead = applyServerPageHead(html, head);
      return /^\/blog\/?$/.test(pathname) ? withHead.replace('</head>', () => `  ${blogFeedLinkTag(deps.publicUrl)}\n  </head>`) : withHead;
    } catch (error) {
      deps.logger.warn({ err: error, pathname }, 'content page head failed; serving the plain page');
      return html;
    }
  };
}
