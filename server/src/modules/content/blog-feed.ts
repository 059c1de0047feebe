import { PRODUCT_NAME } from '../../../../domain/constants.js';
import type { BlogPostDocument } from './content-library.js';

export const BLOG_FEED_PATH = '/blog/feed.xml';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text for an XML element or attribute: escaped, and without the characters XML 1.0 may not hold. */
function xmlText(value: string): string {
  // eslint-disable-next-line no-control-regex -- these are exactly the characters XML 1.0 refuses
  return value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').replace(/[&<>"']/g, (character) => XML_ESCAPES[character]!);
}

/** A post's day as an Atom date: midnight UTC of the day it names. */
const atomDate = (day: string) => `${day}T00:00:00Z`;

/** The Unix epoch stands for "never updated" in a feed with no posts: Atom requires the element. */
const NO_POSTS_UPDATED = '1970-01-01T00:00:00Z';

/**
 * The blog as an Atom 1.0 feed (RFC 4287), newest first, each entry with its summary and its whole
 * body (docs/product.md §Blog and help). `xml:base` makes the bodies' site paths absolute for
 * readers that fetch the feed alone.
 */
export function blogFeedXml(publicUrl: string, posts: readonly BlogPostDocument[]): string {
  const site = new URL('/', publicUrl).href;
  const blogUrl = new URL('/blog', publicUrl).href;
  const entries = posts.map((post) => {
    const url = new URL(`/blog/${post.slug}`, publicUrl).href;
    return [
      '  <entry>',
      `    <title>${xmlText(post.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${xmlText(url)}"/>`,
      `    <id>${xmlText(url)}</id>`,
      `    <published>${atomDate(post.date)}</published>`,
      `    <updated>${atomDate(post.date)}</updated>`,
      `    <author><name>${xmlText(post.author)}</name></author>`,
      `    <summary>${xmlText(post.summary)}</summary>`,
      `    <content type="html">${xmlText(post.html)}</content>`,
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:base="${xmlText(site)}">`,
    `  <title>${xmlText(`${PRODUCT_NAME} blog`)}</title>`,
    `  <subtitle>${xmlText(`Stories and news from ${PRODUCT_NAME}.`)}</subtitle>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlText(new URL(BLOG_FEED_PATH, publicUrl).href)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(blogUrl)}"/>`,
    `  <id>${xmlText(blogUrl)}</id>`,
    `  <updated>${posts[0] ? atomDate(posts[0].date) : NO_POSTS_UPDATED}</updated>`,
    `  <author><name>${xmlText(PRODUCT_NAME)}</name></author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
