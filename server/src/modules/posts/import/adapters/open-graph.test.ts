import { describe, expect, it } from 'vitest';
import { countBefore, parseCount } from './counts.js';
import { decodeEntities, textOf } from './html-text.js';
import { findJsonLd, jsonLdAuthor, jsonLdImage, jsonLdStats } from './json-ld.js';
import { parsePageMetadata } from './open-graph.js';

describe('parsePageMetadata', () => {
  it('reads meta tags whatever the attribute order, quoting and case', () => {
    const page = parsePageMetadata(`
      <head>
        <meta property="og:title" content="Double quoted">
        <meta content='Single quoted' property='og:description' />
        <META NAME=twitter:card CONTENT=summary_large_image>
        <meta itemprop="interactionCount" content="1234">
        <meta name="description" data-x="1" content="Has a > inside &quot;quotes&quot;">
      </head>`);
    expect(page.meta('og:title')).toBe('Double quoted');
    expect(page.meta('og:description')).toBe('Single quoted');
    expect(page.meta('twitter:card')).toBe('summary_large_image');
    expect(page.meta('interactionCount')).toBe('1234');
    expect(page.meta('description')).toBe('Has a > inside "quotes"');
  });

  it('decodes named, decimal and hex entities in values', () => {
    const page = parsePageMetadata(`<meta property="og:title" content="Tom &amp; Jerry&#39;s caf&#233; &#x1F3AC; &mdash; &unknown;">`);
    expect(page.meta('og:title')).toBe("Tom & Jerry's café 🎬 — &unknown;");
  });

  it('keeps every value of a repeated tag, first non-empty one first', () => {
    const page = parsePageMetadata(`<meta property="og:image" content=""><meta property="og:image" content="a.jpg"><meta property="og:image" content="b.jpg">`);
    expect(page.meta('og:image')).toBe('a.jpg');
    expect(page.metaAll('og:image')).toEqual(['', 'a.jpg', 'b.jpg']);
    expect(page.meta('og:video')).toBeNull();
  });

  it('ignores tags inside comments and scripts', () => {
    const page = parsePageMetadata(`
      <!-- <meta property="og:title" content="commented out"> -->
      <script>document.write('<meta property="og:title" content="from a script">')</script>
      <meta property="og:title" content="real">`);
    expect(page.metaAll('og:title')).toEqual(['real']);
  });

  it('reads the title, canonical link and visible text', () => {
    const page = parsePageMetadata(`
      <html><head><title> Night &amp; Day </title><link href="https://example.com/a" rel="canonical"><style>p{}</style></head>
      <body><h1>Sorry,</h1><p>this page isn&#39;t available.</p><script>var hidden = "secret";</script></body></html>`);
    expect(page.title).toBe('Night & Day');
    expect(page.canonicalUrl).toBe('https://example.com/a');
    expect(page.text).toBe("Sorry, this page isn't available.");
  });

  it('flattens JSON-LD lists and @graph, and skips invalid blocks', () => {
    const page = parsePageMetadata(`
      <script type="application/ld+json">{"@type":"Organization","name":"Org"}</script>
      <script type="application/ld+json">[{"@type":"BreadcrumbList"}]</script>
      <script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":["VideoObject","Clip"],"name":"Clip"}]}</script>
      <script type="application/ld+json">{ not json </script>`);
    expect(page.jsonLd.map((node) => node['@type'])).toEqual(['Organization', 'BreadcrumbList', undefined, ['VideoObject', 'Clip']]);
    expect(findJsonLd(page.jsonLd, ['Clip'])?.['name']).toBe('Clip');
    expect(findJsonLd(page.jsonLd, ['Person'])).toBeNull();
  });

  it('parses JSON embedded in a script by id', () => {
    const page = parsePageMetadata(`<script id="__DATA__" type="application/json">{"a":{"b":1},"html":"\\u003c/p>"}</script>`);
    expect(page.scriptJson('__DATA__')).toEqual({ a: { b: 1 }, html: '</p>' });
    expect(page.scriptJson('missing')).toBeUndefined();
  });
});

describe('JSON-LD', () => {
  it('reads counters written in every schema.org form', () => {
    const stats = jsonLdStats({
      interactionStatistic: [
        { '@type': 'InteractionCounter', interactionType: 'https://schema.org/WatchAction', userInteractionCount: 1000 },
        { '@type': 'InteractionCounter', interactionType: 'LikeAction', userInteractionCount: '250' },
        { '@type': 'InteractionCounter', interactionType: { '@type': 'ShareAction' }, userInteractionCount: 7 },
        { '@type': 'InteractionCounter', interactionType: 'https://schema.org/FollowAction', userInteractionCount: 99 },
      ],
      commentCount: 12,
    });
    expect(stats).toEqual({ views: 1000, likes: 250, comments: 12, shares: 7 });
  });

  it('has no stats when the node has no counters', () => {
    expect(jsonLdStats({ '@type': 'Article' })).toBeNull();
    expect(jsonLdStats(null)).toBeNull();
  });

  it('reads the author or creator, one or a list', () => {
    expect(jsonLdAuthor({ author: { name: 'Jane', url: 'https://x/jane', image: { url: 'https://x/a.jpg' } } })).toEqual({
      name: 'Jane',
      url: 'https://x/jane',
      alternateName: null,
      image: 'https://x/a.jpg',
    });
    expect(jsonLdAuthor({ creator: [{ name: 'First' }, { name: 'Second' }] })?.name).toBe('First');
  });

  it('reads images as a URL, a list or an ImageObject', () => {
    expect(jsonLdImage({ image: 'https://x/1.jpg' })).toBe('https://x/1.jpg');
    expect(jsonLdImage({ thumbnailUrl: ['https://x/2.jpg'] })).toBe('https://x/2.jpg');
    expect(jsonLdImage({ image: { '@type': 'ImageObject', url: 'https://x/3.jpg' } })).toBe('https://x/3.jpg');
  });
});

describe('counts', () => {
  it.each([
    ['1,234', 1234],
    ['1.234', 1234],
    ['56', 56],
    ['12K', 12_000],
    ['1.2k', 1_200],
    ['3.4M', 3_400_000],
    ['2B', 2_000_000_000],
  ])('reads %s as %d', (text, count) => {
    expect(parseCount(text)).toBe(count);
  });

  it('finds a count before its word', () => {
    const description = '1,234 likes, 56 comments - natgeo on March 3, 2024: "2 views of the sea"';
    expect(countBefore(description, /likes?/)).toBe(1234);
    expect(countBefore(description, /comments?/)).toBe(56);
    expect(countBefore('12K likes', /likes?/)).toBe(12_000);
    expect(countBefore(description, /shares?/)).toBeNull();
  });
});

describe('HTML text', () => {
  it('decodes entities and keeps line breaks', () => {
    expect(decodeEntities('&lt;b&gt; &amp;amp;')).toBe('<b> &amp;');
    expect(textOf('one<br>two &nbsp; <a href="#">three</a>')).toBe('one\ntwo three');
  });
});
