import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, SETTINGS_MESSAGES } from '../../../../../domain/profile-settings.js';
import { createSession, createUser } from '../../../test-support/factories.js';
import { queryRows } from '../../../test-support/sql.js';
import { graphql, useTestServer } from '../../../test-support/test-server.js';
import { createPersonalAccessToken } from '../../auth/index.js';
import { AVATAR_UPLOADS_PER_HOUR } from './avatar.routes.js';

const env = useTestServer();

/** A real picture, made with sharp: one colour, any size. */
function picture(width: number, height: number, colour: { r: number; g: number; b: number }, format: 'png' | 'jpeg' | 'webp' = 'png'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })[format]().toBuffer();
}

const RED = { r: 220, g: 30, b: 30 };
const BLUE = { r: 20, g: 40, b: 230 };

async function upload(token: string | null, body: Buffer | string, contentType: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${env.server.url}/api/users/me/avatar`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body,
  });
  return { status: response.status, body: (await response.json()) as { success: boolean; data?: { avatarUrl: string }; message?: string } };
}

async function served(path: string) {
  const response = await fetch(`${env.server.url}${path}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes };
}

async function dominantColour(bytes: Buffer) {
  const { dominant } = await sharp(bytes).stats();
  return dominant;
}

async function signedIn() {
  const em = env.server.orm.em.fork();
  const user = await createUser(em);
  const { accessToken } = await createSession(em, env.server.config, user.id);
  return { user, token: accessToken };
}

describe('POST /api/users/me/avatar', () => {
  it('stores the picture square, serves it by width with cache headers, and sets avatarUrl', async () => {
    const { user, token } = await signedIn();
    const answer = await upload(token, await picture(900, 600, RED), 'image/png');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const avatarUrl = answer.body.data?.avatarUrl ?? '';
    expect(avatarUrl).toMatch(new RegExp(`^/media/users/${user.id}/avatar\\?v=[0-9a-f]{8}$`));

    const viewer = await graphql<{ viewer: { avatarUrl: string } }>(env.server, '{ viewer { avatarUrl } }', { token });
    expect(viewer.body.data?.viewer.avatarUrl).toBe(avatarUrl);

    const full = await served(avatarUrl);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('image/webp');
    expect(full.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await sharp(full.bytes).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });

    // A width between two served ones gets the next larger; it is made once, then kept.
    const small = await served(`${avatarUrl}&w=70`);
    expect(await sharp(small.bytes).metadata()).toMatchObject({ width: 80, height: 80 });
    const red = await dominantColour(small.bytes);
    expect(red.r).toBeGreaterThan(red.b);
    const widths = await queryRows<{ width: number }>(env.database.url, 'select width from user_avatars where user_id = $1 order by width', [user.id]);
    expect(widths.map((row) => row.width)).toEqual([80, 512]);
  });

  it('keeps a small picture at its own size (never enlarged) and accepts JPEG and WebP', async () => {
    const { token } = await signedIn();
    for (const format of ['jpeg', 'webp'] as const) {
      const answer = await upload(token, await picture(120, 200, RED, format), `image/${format}`);
      expect(answer.status).toBe(200);
      const full = await served(answer.body.data?.avatarUrl ?? '');
      expect(await sharp(full.bytes).metadata()).toMatchObject({ width: 120, height: 120 });
    }
  });

  it('replaces the old picture: its sizes go, and its old address answers the new one, briefly cached', async () => {
    const { user, token } = await signedIn();
    const first = (await upload(token, await picture(300, 300, RED), 'image/png')).body.data?.avatarUrl ?? '';
    await served(`${first}&w=40`);
    const second = (await upload(token, await picture(300, 300, BLUE), 'image/png')).body.data?.avatarUrl ?? '';
    expect(second).not.toBe(first);

    const current = await served(second);
    const blue = await dominantColour(current.bytes);
    expect(blue.b).toBeGreaterThan(blue.r);
    const old = await served(first);
    expect(old.headers.get('cache-control')).toBe('public, max-age=60');
    const stillBlue = await dominantColour(old.bytes);
    expect(stillBlue.b).toBeGreaterThan(stillBlue.r);

    const rows = await queryRows<{ width: number; version: string }>(env.database.url, 'select width, version from user_avatars where user_id = $1', [user.id]);
    expect(rows).toEqual([{ width: 512, version: new URL(second, 'http://x').searchParams.get('v') }]);
  });

  it.each([
    ['a text file', 'just text', 'text/plain', SETTINGS_MESSAGES.avatarType],
    ['an SVG', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml', SETTINGS_MESSAGES.avatarType],
    ['JSON', '{"a":1}', 'application/json', SETTINGS_MESSAGES.avatarType],
    ['text labelled as PNG', 'not a picture at all', 'image/png', SETTINGS_MESSAGES.avatarUnreadable],
    ['an empty body', '', 'image/png', SETTINGS_MESSAGES.avatarUnreadable],
  ])('refuses %s', async (_label, body, contentType, message) => {
    const { user, token } = await signedIn();
    const answer = await upload(token, body, contentType);
    expect(answer).toEqual({ status: 400, body: expect.objectContaining({ success: false, message }) });
    expect(await queryRows(env.database.url, 'select 1 from user_avatars where user_id = $1', [user.id])).toEqual([]);
  });

  it('refuses a TIFF (a real image, not a web format) by what the bytes are, not the declared type', async () => {
    const { token } = await signedIn();
    const tiff = await sharp({ create: { width: 10, height: 10, channels: 3, background: RED } }).tiff().toBuffer();
    const answer = await upload(token, tiff, 'image/png');
    expect(answer.body.message).toBe(SETTINGS_MESSAGES.avatarType);
  });

  it('refuses a picture over 5 MB before storing anything', async () => {
    const { user, token } = await signedIn();
    const answer = await upload(token, Buffer.alloc(AVATAR_MAX_BYTES + 1, 7), 'image/jpeg');
    expect(answer).toEqual({ status: 400, body: expect.objectContaining({ message: SETTINGS_MESSAGES.avatarTooLarge }) });
    expect(await queryRows(env.database.url, 'select 1 from user_avatars where user_id = $1', [user.id])).toEqual([]);
  });

  it('enforces the cap while streaming when no length is declared (chunked upload)', async () => {
    const { user, token } = await signedIn();
    const chunk = new Uint8Array(256 * 1024).fill(9);
    let sent = 0;
    // 16 MB offered in chunks; the server must stop reading after 5 MB and answer.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 16 * 1024 * 1024) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${env.server.url}/api/users/me/avatar`, {
      method: 'POST',
      headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${token}` },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(SETTINGS_MESSAGES.avatarTooLarge);
    expect(sent).toBeLessThan(16 * 1024 * 1024);
    expect(await queryRows(env.database.url, 'select 1 from user_avatars where user_id = $1', [user.id])).toEqual([]);
  });

  it('is refused to signed-out callers, read-only tokens and cross-site requests', async () => {
    const png = await picture(50, 50, RED);
    expect((await upload(null, png, 'image/png')).status).toBe(401);
    const { token } = await signedIn();
    expect((await upload(token, png, 'image/png', { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    const { user } = await signedIn();
    const readOnly = await createPersonalAccessToken(env.server.orm.em.fork(), user.id, { name: 'read', expiresInDays: null, scope: 'read_only' });
    expect((await upload(readOnly.token, png, 'image/png')).status).toBe(403);
  });

  it(`allows ${AVATAR_UPLOADS_PER_HOUR} uploads an hour per person, then answers 429`, async () => {
    const { token } = await signedIn();
    const png = await picture(40, 40, RED);
    for (let sent = 0; sent < AVATAR_UPLOADS_PER_HOUR; sent++) expect((await upload(token, png, 'image/png')).status).toBe(200);
    expect((await upload(token, png, 'image/png')).status).toBe(429);
    const { token: someoneElse } = await signedIn();
    expect((await upload(someoneElse, png, 'image/png')).status).toBe(200);
  });

  it('answers 404 for a user without an uploaded picture and 400 for a bad width', async () => {
    const { user } = await signedIn();
    expect((await served(`/media/users/${user.id}/avatar?w=80`)).status).toBe(404);
    expect((await served(`/media/users/${user.id}/avatar?w=big`)).status).toBe(400);
  });
});
