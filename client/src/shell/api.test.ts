import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiCall, ApiError } from './api';
import { FEATURE_FLAG_KEY } from './featureFlag';

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubServer(answer: unknown, status = 200) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(answer), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('REST calls', () => {
  it('sends the stored feature flag as the Feature-Flag header, and none without one', async () => {
    const fetchMock = stubServer({ success: true, data: { ok: 1 } });
    expect(await apiCall('GET', '/auth')).toEqual({ ok: 1 });
    window.localStorage.setItem(FEATURE_FLAG_KEY, 'teams');
    await apiCall('POST', '/track', { action: 'click', target: 'signIn' });

    const headers = fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers));
    expect(headers.map((h) => h.get('Feature-Flag'))).toEqual([null, 'teams']);
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${url}`)).toEqual(['GET /api/auth', 'POST /api/track']);
  });

  it("rejects with the server's message", async () => {
    stubServer({ success: false, message: 'Billing is not configured.' }, 422);
    await expect(apiCall('POST', '/anything')).rejects.toEqual(new ApiError(422, 'Billing is not configured.'));
  });
});
