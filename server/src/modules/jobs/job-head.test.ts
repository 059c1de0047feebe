import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBuiltClient, type BuiltClientFolder } from '../../test-support/built-client.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';
import { askAs, dataOf, hiringTeam, postJob } from './jobs.test-support.js';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Byline: collect, track and credit social-media posts." />
    <meta property="og:type" content="website" />
    <meta property="og:title" content="Byline" />
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
  return response.text();
}

function jsonLdOf(html: string): Record<string, unknown> | null {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : null;
}

describe('a job page’s head (docs/product.md §Jobs)', () => {
  it('carries the social card and a schema.org JobPosting for signed-out visitors', async () => {
    const hiring = await hiringTeam(server);
    const job = await postJob(server, hiring, { deadline: '2099-03-31', isRemote: true });
    const html = await page(job.path);
    expect(html).toContain(`<title>Video Editor at ${hiring.company.name} | Byline</title>`);
    expect(html).toContain(`<meta property="og:title" content="Video Editor at ${hiring.company.name} | Byline" />`);
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}${job.path}" />`);
    expect(jsonLdOf(html)).toMatchObject({
      '@type': 'JobPosting',
      title: 'Video Editor',
      url: `${PUBLIC_URL}${job.path}`,
      validThrough: '2099-03-31T23:59:59Z',
      hiringOrganization: { '@type': 'Organization', name: hiring.company.name },
      jobLocation: { '@type': 'Place', address: { addressLocality: 'Lisbon, Portugal' } },
      jobLocationType: 'TELECOMMUTE',
      baseSalary: { '@type': 'MonetaryAmount', currency: 'EUR', value: { minValue: 1000, maxValue: 2500 } },
      occupationalCategory: ['Editor'],
    });
  });

  it('gives a draft nothing, and says a closed job is closed', async () => {
    const hiring = await hiringTeam(server);
    const draft = await postJob(server, hiring, { status: null });
    expect(jsonLdOf(await page(draft.path))).toBeNull();
    const closed = await postJob(server, hiring);
    dataOf(await askAs(server, hiring.manager.id, 'mutation($input: CloseJobInput!) { closeJob(input: $input) { job { id } } }', { input: { jobId: closed.id } }));
    const html = await page(closed.path);
    expect(html).toContain(`<title>Video Editor at ${hiring.company.name} (closed) | Byline</title>`);
    expect(jsonLdOf(html)?.validThrough).toEqual(expect.any(String));
  });
});
