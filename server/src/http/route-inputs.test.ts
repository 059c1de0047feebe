import { describe, expect, it } from 'vitest';
import { createPost, createUser } from '../test-support/factories.js';
import { useTestServer } from '../test-support/test-server.js';

/** The non-auth REST routes parse their inputs with zod: a call that does not fit is a 400 naming the field. */
const env = useTestServer();

async function call(method: string, path: string, options: { body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${env.server.url}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const refused = (message: string, field: string) => ({ status: 400, body: { success: false, code: 'BAD_USER_INPUT', message, details: { field } } });

describe('REST inputs', () => {
  it('GET /api/posts/:id takes a positive id', async () => {
    for (const id of ['abc', '0', '99999999999999999999', '1.5']) {
      expect(await call('GET', `/api/posts/${id}`), id).toEqual(refused('Invalid id', 'id'));
    }
  });

  it('GET /api/posts/by-url takes one url', async () => {
    expect(await call('GET', '/api/posts/by-url')).toEqual(refused('Invalid url', 'url'));
    expect(await call('GET', '/api/posts/by-url?url=%20%20')).toEqual(refused('Invalid url', 'url'));
    expect(await call('GET', '/api/posts/by-url?url=a&url=b')).toEqual(refused('Invalid url', 'url'));
    expect(await call('GET', `/api/posts/by-url?url=${'x'.repeat(2049)}`)).toEqual(refused('Invalid url', 'url'));
  });

  it('POST /api/posts takes a JSON object with a url', async () => {
    const token = env.server.tokenFor((await createUser(env.server.orm.em.fork())).id);
    expect(await call('POST', '/api/posts', { token, body: { url: 42 } })).toEqual(refused('Invalid url', 'url'));
    expect(await call('POST', '/api/posts', { token, body: ['https://x.com/a/status/1'] })).toEqual(refused('Invalid url', 'body'));
  });

  it('GET /media/posts/:id/thumbnail takes a width in pixels', async () => {
    const post = await createPost(env.server.orm.em.fork());
    expect(await call('GET', `/media/posts/${post.id}/thumbnail?w=wide`)).toEqual(refused('w must be a width in pixels.', 'w'));
    expect(await call('GET', `/media/posts/${post.id}/thumbnail?w=80&w=160`)).toEqual(refused('w must be a width in pixels.', 'w'));
    expect(await call('GET', '/media/posts/x/thumbnail')).toEqual(refused('Invalid id', 'id'));
  });

  it('DELETE /api/admin/masquerade takes the admin refresh token as text', async () => {
    const answer = await call('DELETE', '/api/admin/masquerade', { body: { adminRefreshToken: 5 }, headers: { 'x-session-transport': 'bearer' } });
    expect(answer).toEqual(refused('adminRefreshToken must be text.', 'adminRefreshToken'));
  });

  it('POST /api/track names the field it refuses', async () => {
    expect(await call('POST', '/api/track', { body: { action: 'view', target: 'a b' } })).toEqual(refused('target must be 1 to 64 letters, digits or _ . : -', 'target'));
    expect(await call('POST', '/api/track', { body: { action: 'view', target: 'x', fields: { a: [1] } } })).toEqual(
      refused('fields values must be text, numbers, true/false or null.', 'fields.a'),
    );
  });
});
