import { ref } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserType } from '../../../../domain/enums.js';
import { NetworkId } from '../../../../domain/networks.js';
import { createAccount, createPost, createUser } from '../../test-support/factories.js';
import { writeBuiltClient, type BuiltClientFolder } from '../../test-support/built-client.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';
import { escapeHtml, scriptSafeJson } from '../../http/page-head-html.js';
import { creditAs, setPostNumbers } from './profile.test-support.js';

// The built index.html's head, as client/index.html writes it: defaults the server replaces.
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Byline: collect, track and credit social-media posts." />
    <meta property="og:type" content="website" />
    <meta property="og:title" content="Byline" />
    <meta property="og:description" content="Byline: collect, track and credit social-media posts." />
    <meta property="og:image" content="/social-card.png" />
    <meta name="twitter:card" content="summary_large_image" />
    <title>Byline</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;
const PUBLIC_URL = 'https://byline.example';

let database: TestDatabase;
let server: TestServer;
let client: BuiltClientFolder;

beforeAll(async () => {
  database = await createTestDatabase();
  client = writeBuiltClient({ 'index.html': INDEX_HTML });
  server = await startTestServer(database.url, { clientDistDir: client.dir, env: 'production', publicUrl: PUBLIC_URL });
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
  client?.remove();
});

async function page(pathname: string): Promise<string> {
  const response = await fetch(`${server.url}${pathname}`);
  expect(response.status).toBe(200);
  return response.text();
}

function meta(html: string, attribute: 'name' | 'property', key: string): string[] {
  return [...html.matchAll(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`, 'g'))].map((match) => match[1]!);
}

function jsonLd(html: string): Record<string, unknown> | null {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(scripts.length).toBeLessThanOrEqual(1);
  return scripts[0] ? (JSON.parse(scripts[0][1]!) as Record<string, unknown>) : null;
}

describe('server-side page head: profiles', () => {
  it('gives /{username} its title, social card and a schema.org Person with sameAs links, escaped', async () => {
    const em = server.orm.em.fork();
    const maker = await createUser(em, { name: 'Ana "The Eye" <Lopes>', userType: UserType.Creator });
    maker.bio = 'Director </script><script>alert(1)</script> & photographer';
    maker.website = 'https://ana.example/?a=1&b=2';
    maker.avatarUrl = '/media/avatars/1.png';
    const account = await createAccount(em, NetworkId.TikTok, `ana_${maker.id}`);
    account.owner = ref(maker);
    account.ownerVerifiedAt = new Date();
    await em.flush();
    const post = await setPostNumbers(em, await createPost(em), { views: 1500, likes: 20 });
    await creditAs(em, post, maker, 1);

    const html = await page(`/${maker.username}`);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain(`<title>${escapeHtml(`Ana "The Eye" <Lopes> (@${maker.username}) | Byline`)}</title>`);
    // One of each tag: the defaults were replaced where they stood.
    expect(meta(html, 'property', 'og:title')).toEqual([escapeHtml(`Ana "The Eye" <Lopes> (@${maker.username}) | Byline`)]);
    expect(meta(html, 'property', 'og:description')).toEqual([escapeHtml('Director </script><script>alert(1)</script> & photographer')]);
    expect(meta(html, 'name', 'description')).toHaveLength(1);
    expect(meta(html, 'property', 'og:type')).toEqual(['profile']);
    expect(meta(html, 'property', 'og:url')).toEqual([`${PUBLIC_URL}/${maker.username}`]);
    expect(meta(html, 'property', 'og:image')).toEqual([`${PUBLIC_URL}/media/avatars/1.png`]);
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/${maker.username}" />`);
    expect(jsonLd(html)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Ana "The Eye" <Lopes>',
      alternateName: `@${maker.username}`,
      url: `${PUBLIC_URL}/${maker.username}`,
      image: `${PUBLIC_URL}/media/avatars/1.png`,
      description: 'Director </script><script>alert(1)</script> & photographer',
      jobTitle: ['Director'],
      sameAs: ['https://ana.example/?a=1&b=2', `https://www.tiktok.com/@${account.handle}`],
    });
  });

  it('sums roles and numbers into the description when there is no bio', async () => {
    const em = server.orm.em.fork();
    const maker = await createUser(em, { name: 'Bo' });
    for (const views of [1_000_000, 200_000]) await creditAs(em, await setPostNumbers(em, await createPost(em), { views, likes: 1 }), maker, 1);
    const html = await page(`/${maker.username}`);
    expect(meta(html, 'property', 'og:description')).toEqual(['🎬 Director · 2 posts. 2 posts, 1.2m views, 2 likes on Byline.']);
  });

  it('leaves unknown users, reserved paths and other pages with the app’s defaults', async () => {
    for (const pathname of ['/nobody_by_this_name', '/explore', '/settings/accounts', '/posts/abc', '/a%20b']) {
      expect(await page(pathname)).toBe(INDEX_HTML);
    }
  });
});

describe('server-side page head: posts', () => {
  it('describes a public post as a CreativeWork with its accepted contributors', async () => {
    const em = server.orm.em.fork();
    const [director, editor, pending] = [await createUser(em, { name: 'Dee Rector' }), await createUser(em, { name: 'Ed <Cut>' }), await createUser(em, { name: 'Pending Person' })];
    const account = await createAccount(em, NetworkId.TikTok, 'brandhandle');
    const post = await setPostNumbers(em, await createPost(em, { account, caption: 'Launch film & more' }), { views: 1000, likes: 50, postedAt: new Date('2026-01-02T03:04:05.000Z') });
    await creditAs(em, post, director, 1);
    await creditAs(em, post, editor, 3);
    await creditAs(em, post, pending, 5, 'pending');

    for (const pathname of [`/posts/${post.id}`, `/posts/${post.id}-brandhandle-tiktok`]) {
      const html = await page(pathname);
      expect(html).not.toContain('Pending Person');
      expect(meta(html, 'property', 'og:type')).toEqual(['article']);
      expect(meta(html, 'property', 'og:description')).toEqual([escapeHtml('Credits: 🎬 Director Dee Rector, \u2702\uFE0F Editor Ed <Cut>. Launch film & more')]);
      expect(jsonLd(html)).toEqual({
        '@context': 'https://schema.org',
        '@type': 'CreativeWork',
        name: 'Launch film & more',
        url: `${PUBLIC_URL}/posts/${post.id}`,
        sameAs: post.url,
        datePublished: '2026-01-02T03:04:05.000Z',
        author: { '@type': 'Person', name: 'brandhandle', url: 'https://www.tiktok.com/@brandhandle' },
        contributor: [
          { '@type': 'Role', roleName: 'Director', contributor: { '@type': 'Person', name: 'Dee Rector', url: `${PUBLIC_URL}/${director.username}` } },
          { '@type': 'Role', roleName: 'Editor', contributor: { '@type': 'Person', name: 'Ed <Cut>', url: `${PUBLIC_URL}/${editor.username}` } },
        ],
        interactionStatistic: [
          { '@type': 'InteractionCounter', interactionType: 'https://schema.org/WatchAction', userInteractionCount: 1000 },
          { '@type': 'InteractionCounter', interactionType: 'https://schema.org/LikeAction', userInteractionCount: 50 },
        ],
      });
    }
  });

  it('gives a private post and an unknown post no details at all', async () => {
    const em = server.orm.em.fork();
    const owner = await createUser(em);
    const hidden = await createPost(em, { createdBy: owner, isPrivate: true, caption: 'Secret launch' });
    await creditAs(em, hidden, owner, 1);
    expect(await page(`/posts/${hidden.id}`)).toBe(INDEX_HTML);
    expect(await page('/posts/2147483647')).toBe(INDEX_HTML);
    expect(await page('/posts/99999999999')).toBe(INDEX_HTML);
  });
});

describe('escaping', () => {
  it('keeps JSON-LD inside its script element whatever the text', () => {
    const text = scriptSafeJson({ a: '</script><!-- & \u2028' });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({ a: '</script><!-- & \u2028' });
  });
});
