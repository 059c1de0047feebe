import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_PRELOADS_FILE } from '../../http/route-preloads.js';
import { viteIndexHtml, writeBuiltClient, type BuiltClientFolder } from '../../test-support/built-client.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.js';
import { graphql, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { markdownFile, writeContentFolder } from './content.test-support.js';

const INDEX_HTML = viteIndexHtml(['<meta name="description" content="Byline" />', '<script type="module" crossorigin src="/assets/index-a1.js"></script>']);

// The content routes as client/build/routePreloads.ts writes them, ranked as the router ranks them.
const TABLE = {
  routes: [
    { path: '/blog', pattern: '^\\/blog\\/?$', flags: 'i', signedOut: true, scripts: [], styles: [] },
    { path: '/blog/:slug', pattern: '^\\/blog\\/([^/]+)\\/?$', flags: 'i', signedOut: true, scripts: [], styles: [] },
    { path: '/help', pattern: '^\\/help\\/?$', flags: 'i', signedOut: true, scripts: [], styles: [] },
    { path: '/help/:slug', pattern: '^\\/help\\/([^/]+)\\/?$', flags: 'i', signedOut: true, scripts: [], styles: [] },
    { path: '*', pattern: '^(?:\\/(.*))?\\/?$', flags: 'i', signedOut: true, scripts: [], styles: [] },
  ],
};

let database: TestDatabase;
let client: BuiltClientFolder;
let content: { dir: string; remove(): void };
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  client = writeBuiltClient({ 'index.html': INDEX_HTML, [ROUTE_PRELOADS_FILE]: JSON.stringify(TABLE) });
  const posts = Object.fromEntries(
    Array.from({ length: 3 }, (_, index) => [
      `blog/post-${index + 1}.md`,
      markdownFile({ title: `Post ${index + 1} <b>&</b>`, date: `2026-0${index + 1}-15`, author: 'Ana', summary: `Summary ${index + 1}`, cover: `/blog/covers/p${index + 1}.svg`, coverAlt: 'A cover' }, `Body ${index + 1} <script>x()</script>`),
    ]),
  );
  content = writeContentFolder({ ...posts, 'help/importing.md': markdownFile({ title: 'Importing', summary: 'How to import.', order: 1 }, '## Steps\n\nPaste a link.') });
  server = await startTestServer(database.url, { clientDistDir: client.dir, contentDir: content.dir, publicUrl: 'https://byline.example', env: 'production' });
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
  client?.remove();
  content?.remove();
});

describe('the blog and help queries (docs/product.md §Blog and help)', () => {
  it('pages the posts newest first for a signed-out visitor, with the body rendered and raw HTML escaped', async () => {
    const query = 'query($after: String) { blogPosts(first: 2, after: $after) { nodes { slug title publishedOn author summary coverUrl coverAlt html } pageInfo { hasNextPage endCursor } } }';
    type Page = { blogPosts: { nodes: Array<{ slug: string; html: string; title: string }>; pageInfo: { hasNextPage: boolean; endCursor: string } } };
    const first = await graphql<Page>(server, query);
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data!.blogPosts.nodes.map((post) => post.slug)).toEqual(['post-3', 'post-2']);
    expect(first.body.data!.blogPosts.nodes[0]).toEqual({
      slug: 'post-3',
      title: 'Post 3 <b>&</b>',
      publishedOn: '2026-03-15',
      author: 'Ana',
      summary: 'Summary 3',
      coverUrl: '/blog/covers/p3.svg',
      coverAlt: 'A cover',
      html: '<p>Body 3 &lt;script&gt;x()&lt;/script&gt;</p>\n',
    });
    expect(first.body.data!.blogPosts.pageInfo.hasNextPage).toBe(true);
    const second = await graphql<Page>(server, query, { variables: { after: first.body.data!.blogPosts.pageInfo.endCursor } });
    expect(second.body.data!.blogPosts.nodes.map((post) => post.slug)).toEqual(['post-1']);
    expect(second.body.data!.blogPosts.pageInfo.hasNextPage).toBe(false);
  });

  it('answers one post or article by slug, and null for an unknown one', async () => {
    const answer = await graphql<{ blogPost: { title: string } | null; helpArticle: { title: string; html: string } | null; none: null; gone: null }>(
      server,
      '{ blogPost(slug: "post-1") { title } helpArticle(slug: "importing") { title html } none: blogPost(slug: "nope") { title } gone: helpArticle(slug: "../blog/post-1") { title } }',
    );
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data).toEqual({ blogPost: { title: 'Post 1 <b>&</b>' }, helpArticle: { title: 'Importing', html: '<h2>Steps</h2>\n<p>Paste a link.</p>\n' }, none: null, gone: null });
  });

  it('refuses a page size out of bounds', async () => {
    const answer = await graphql(server, '{ helpArticles(first: 101) { nodes { slug } } }');
    expect(answer.body.errors?.[0]?.message).toBe('first must be between 1 and 100');
  });
});

describe('the pages and the feed over HTTP', () => {
  const page = async (pathname: string) => {
    const response = await fetch(`${server.url}${pathname}`, { headers: { accept: 'text/html' } });
    return { status: response.status, html: await response.text() };
  };

  it('answers 404 for a post or article that does not exist, 200 for one that does', async () => {
    expect((await page('/blog')).status).toBe(200);
    expect((await page('/blog/post-2')).status).toBe(200);
    expect((await page('/blog/no-such-post')).status).toBe(404);
    expect((await page('/help')).status).toBe(200);
    expect((await page('/help/importing')).status).toBe(200);
    expect((await page('/help/no-such-article')).status).toBe(404);
  });

  it("gives a post's page its social card and the index its feed link", async () => {
    const post = (await page('/blog/post-2')).html;
    expect(post).toContain('<title>Post 2 &lt;b&gt;&amp;&lt;/b&gt; | Byline</title>');
    expect(post).toContain('<meta property="og:type" content="article" />');
    expect(post).toContain('<meta property="og:image" content="https://byline.example/blog/covers/p2.svg" />');
    expect(post).toContain('<meta name="description" content="Summary 2" />');
    expect(post).toContain('"@type":"BlogPosting"');
    expect(post).not.toContain('application/atom+xml');
    const index = (await page('/blog')).html;
    expect(index).toContain('<link rel="alternate" type="application/atom+xml" title="Byline blog" href="https://byline.example/blog/feed.xml" />');
    expect((await page('/help/importing')).html).toContain('<title>Importing | Byline</title>');
    // An unknown slug keeps the app's own head.
    expect((await page('/blog/no-such-post')).html).toContain('<title>Byline</title>');
  });

  it('serves the Atom feed at /blog/feed.xml', async () => {
    const response = await fetch(`${server.url}/blog/feed.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"')).toBe(true);
    expect([...xml.matchAll(/<id>([^<]+)<\/id>/g)].map((match) => match[1])).toEqual(['https://byline.example/blog', 'https://byline.example/blog/post-3', 'https://byline.example/blog/post-2', 'https://byline.example/blog/post-1']);
    expect(xml).toContain('<title>Post 3 &lt;b&gt;&amp;&lt;/b&gt;</title>');
    // A feed reader's own query string changes nothing.
    const tagged = await fetch(`${server.url}/blog/feed.xml?utm_source=reader`);
    expect([tagged.status, await tagged.text()]).toEqual([200, xml]);
  });
});
