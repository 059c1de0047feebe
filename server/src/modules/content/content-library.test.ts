import path from 'node:path';
import { SaxesParser } from 'saxes';
import { afterEach, describe, expect, it } from 'vitest';
import { blogFeedXml } from './blog-feed.js';
import { loadContentLibrary, type BlogPostDocument } from './content-library.js';
import { markdownFile, writeContentFolder } from './content.test-support.js';

const POST = { title: 'A post', date: '2026-11-18', author: 'The Byline team', summary: 'What it says.' };
const ARTICLE = { title: 'An article', summary: 'What it answers.' };

const folders: Array<{ remove(): void }> = [];
afterEach(() => folders.splice(0).forEach((folder) => folder.remove()));

function libraryOf(files: Record<string, string>) {
  const folder = writeContentFolder(files);
  folders.push(folder);
  return loadContentLibrary(folder.dir);
}

describe("the repository's own blog and help centre (docs/product.md §Blog and help)", () => {
  it('loads every file, posts newest first and articles in their order', async () => {
    const library = await loadContentLibrary(path.resolve('content'));
    expect(library.blogPosts.map((post) => post.slug)).toEqual(['the-public-api', 'how-crediting-works']);
    expect(library.helpArticles.map((article) => article.slug)).toEqual(['getting-started', 'credits-and-consent', 'profiles', 'teams-and-seats', 'api-tokens']);
    for (const post of library.blogPosts) {
      expect(post.html).toContain('<h2>');
      expect(post.cover).toMatch(/^\/blog\/covers\/[a-z-]+\.svg$/);
    }
    expect(library.blogPost('how-crediting-works')?.title).toBe('How crediting works on Byline');
    expect(library.helpArticle('api-tokens')?.html).toContain('<code>byl_pat_</code>');
  });
});

describe('loading Markdown files', () => {
  it('reads front matter into fields and renders the body, a level-1 heading written as level 2', async () => {
    const library = await libraryOf({
      'blog/older.md': markdownFile({ ...POST, date: '2026-01-02', cover: '/blog/covers/a.svg', coverAlt: 'A cover' }, '# Heading\n\nSome *text*.'),
      'blog/newer.md': markdownFile({ ...POST, title: 'Newer', date: '2026-03-04' }, 'Body.'),
      'help/second.md': markdownFile({ ...ARTICLE, title: 'B', order: 2 }, 'Two.'),
      'help/first.md': markdownFile({ ...ARTICLE, title: 'Z', order: 1 }, 'One.'),
      'help/unordered.md': markdownFile({ ...ARTICLE, title: 'A' }, 'Last.'),
      'help/notes.txt': 'not an article',
    });
    expect(library.blogPosts.map((post) => post.slug)).toEqual(['newer', 'older']);
    expect(library.blogPost('older')).toEqual<BlogPostDocument>({
      slug: 'older',
      title: 'A post',
      date: '2026-01-02',
      author: 'The Byline team',
      summary: 'What it says.',
      cover: '/blog/covers/a.svg',
      coverAlt: 'A cover',
      html: '<h2>Heading</h2>\n<p>Some <em>text</em>.</p>\n',
    });
    expect(library.helpArticles.map((article) => article.slug)).toEqual(['first', 'second', 'unordered']);
    expect(library.blogPost('missing')).toBeNull();
    expect(library.helpArticle('missing')).toBeNull();
  });

  it('has no posts or articles when the folders are not there', async () => {
    const library = await libraryOf({ 'README.md': 'nothing here' });
    expect(library.blogPosts).toEqual([]);
    expect(library.helpArticles).toEqual([]);
  });

  it('writes raw HTML in a file as text and refuses script links', async () => {
    const body = ['<script>alert(1)</script>', '', 'Hello <img src=x onerror="alert(2)"> there.', '', '[click](javascript:alert(3)) and [ok](https://example.com/a?b=1&c=2)'].join('\n');
    const html = (await libraryOf({ 'blog/raw.md': markdownFile(POST, body) })).blogPost('raw')!.html;
    expect(html).not.toMatch(/<script|<img|href="javascript:/i);
    // The refused link stays as the text it was written as, never a link.
    expect(html).toContain('[click](javascript:alert(3))');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(2)&quot;&gt;');
    expect(html).toContain('<a href="https://example.com/a?b=1&amp;c=2">ok</a>');
  });
});

describe('front matter is checked, each problem named with its file and field', () => {
  const refused = async (files: Record<string, string>, message: RegExp) => {
    await expect(libraryOf(files)).rejects.toThrow(message);
  };

  it('refuses a file without front matter or with broken YAML', async () => {
    await refused({ 'blog/bare.md': '# Just a body' }, /blog\/bare\.md: starts with no front matter/);
    await refused({ 'help/broken.md': '---\ntitle: [unclosed\n---\nBody' }, /help\/broken\.md: front matter is not valid YAML/);
  });

  it('refuses missing, empty and unknown fields', async () => {
    await refused({ 'blog/no-author.md': markdownFile({ title: 'T', date: '2026-01-01', summary: 'S' }, 'B') }, /blog\/no-author\.md: author/);
    await refused({ 'blog/empty-title.md': markdownFile({ ...POST, title: '  ' }, 'B') }, /title must not be empty/);
    await refused({ 'help/extra.md': markdownFile({ ...ARTICLE, tags: 'x' }, 'B') }, /help\/extra\.md: .*tags/);
    await refused({ 'help/no-summary.md': markdownFile({ title: 'T' }, 'B') }, /help\/no-summary\.md: summary/);
  });

  it('refuses a date that is not a real day, written YYYY-MM-DD', async () => {
    await refused({ 'blog/when.md': markdownFile({ ...POST, date: '18 November 2026' }, 'B') }, /date must be a date written YYYY-MM-DD/);
    await refused({ 'blog/when.md': markdownFile({ ...POST, date: '2026-02-30' }, 'B') }, /date must be a real calendar day/);
  });

  it('refuses a cover that is not a site path or https, or has no text alternative', async () => {
    await refused({ 'blog/c.md': markdownFile({ ...POST, cover: 'http://example.com/a.png', coverAlt: 'A' }, 'B') }, /cover must be a path on this site or an https address/);
    await refused({ 'blog/c.md': markdownFile({ ...POST, cover: '/blog/covers/a.svg' }, 'B') }, /coverAlt a cover needs coverAlt/);
  });

  it('refuses a file name that cannot be a page address', async () => {
    await refused({ 'help/Getting Started.md': markdownFile(ARTICLE, 'B') }, /help\/Getting Started\.md: its name must be lower-case words/);
  });
});

/** An element of a parsed XML document: its local name, namespace, attributes, children and text (all text inside it). */
interface XmlElement {
  name: string;
  uri: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** Parses `xml` with a conforming parser, which throws on anything that is not well-formed XML. */
function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    const element: XmlElement = { name: tag.local, uri: tag.uri, attributes: Object.fromEntries(Object.entries(tag.attributes).map(([name, attribute]) => [name, attribute.value])), children: [], text: '' };
    stack.at(-1)?.children.push(element);
    root ??= element;
    stack.push(element);
  });
  parser.on('text', (text) => stack.forEach((element) => (element.text += text)));
  parser.on('closetag', () => stack.pop());
  parser.write(xml).close();
  if (!root) throw new Error('no root element');
  return root;
}

const childrenNamed = (parent: XmlElement, name: string) => parent.children.filter((child) => child.name === name);
const textOf = (parent: XmlElement, name: string) => childrenNamed(parent, name)[0]?.text;

describe('the Atom feed (RFC 4287)', () => {
  it('is well-formed Atom with the elements every feed and entry must have, newest first', async () => {
    const library = await libraryOf({
      'blog/one.md': markdownFile({ ...POST, title: 'Q&A <live>', date: '2026-05-01' }, 'See [the explorer](/developers/explorer) & more.'),
      'blog/two.md': markdownFile({ ...POST, title: 'Two', date: '2026-06-01' }, '<b>raw</b>'),
    });
    const root = parseXml(blogFeedXml('https://byline.example', library.blogPosts));
    expect(root.name).toBe('feed');
    expect(root.uri).toBe('http://www.w3.org/2005/Atom');
    expect(root.attributes['xml:base']).toBe('https://byline.example/');
    expect(textOf(root, 'id')).toBe('https://byline.example/blog');
    expect(textOf(root, 'title')).toBe('Byline blog');
    expect(textOf(root, 'updated')).toBe('2026-06-01T00:00:00Z');
    const self = childrenNamed(root, 'link').find((link) => link.attributes.rel === 'self');
    expect(self?.attributes.href).toBe('https://byline.example/blog/feed.xml');
    expect(textOf(childrenNamed(root, 'author')[0]!, 'name')).toBe('Byline');
    const entries = childrenNamed(root, 'entry');
    expect(entries.map((entry) => textOf(entry, 'title'))).toEqual(['Two', 'Q&A <live>']);
    const [two, one] = entries as [XmlElement, XmlElement];
    // Atom asks each entry for an id, a title, an updated date, an author (or the feed's) and a link or content.
    for (const entry of entries) expect(entry.children.map((child) => child.name)).toEqual(['title', 'link', 'id', 'published', 'updated', 'author', 'summary', 'content']);
    expect(textOf(one, 'id')).toBe('https://byline.example/blog/one');
    expect(textOf(one, 'updated')).toBe('2026-05-01T00:00:00Z');
    expect(childrenNamed(one, 'link')[0]?.attributes).toEqual({ rel: 'alternate', type: 'text/html', href: 'https://byline.example/blog/one' });
    expect(childrenNamed(one, 'content')[0]?.attributes.type).toBe('html');
    // The body travels as escaped HTML: the reader gets the markup back as text, raw HTML still escaped.
    expect(textOf(one, 'content')).toContain('<a href="/developers/explorer">the explorer</a> &amp; more.');
    expect(textOf(two, 'content')).toBe('<p>&lt;b&gt;raw&lt;/b&gt;</p>\n');
  });

  it('is still a valid feed with no posts', () => {
    const root = parseXml(blogFeedXml('https://byline.example', []));
    expect(childrenNamed(root, 'entry')).toEqual([]);
    expect(textOf(root, 'updated')).toBe('1970-01-01T00:00:00Z');
  });

  it('is checked by a parser that refuses XML that is not well-formed', () => {
    expect(() => parseXml('<feed><title>a & b</title></feed>')).toThrow();
  });
});
