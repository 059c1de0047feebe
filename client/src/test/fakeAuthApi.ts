/**
 * A stand-in for the server's REST façade in component tests: `fetch` is the browser's
 * boundary, so it is replaced (never the database — that is the e2e tests' job). Routes are
 * `'METHOD /path'` (under /api, without the query); each answers like the real server.
 */
import { vi } from 'vitest';

export interface FakeReply {
  status?: number;
  data?: unknown;
  message?: string;
  code?: string;
  details?: Record<string, unknown>;
}

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | null;
}

type FakeHandler = FakeReply | ((call: FakeCall) => FakeReply | Promise<FakeReply>);

export const DEFAULT_PROVIDERS = { email: true, google: true, twitter: true, apple: false, captchaSiteKey: null };

/** Providers and a passing development captcha, as a fresh development server answers. */
const DEFAULT_ROUTES: Record<string, FakeHandler> = {
  'GET /auth/providers': { data: DEFAULT_PROVIDERS },
  'POST /auth/google/captcha': { data: { success: true } },
  'POST /track': { data: { recorded: true } },
};

export function fail(status: number, message: string, details?: Record<string, unknown>): FakeReply {
  return { status, message, details };
}

export function fakeAuthApi(routes: Record<string, FakeHandler>) {
  const calls: FakeCall[] = [];
  const all = { ...DEFAULT_ROUTES, ...routes };

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), window.location.origin);
      const method = (init?.method ?? 'GET').toUpperCase();
      const path = url.pathname.replace(/^\/api/, '');
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
      const call: FakeCall = { method, path, query: url.searchParams, body };
      calls.push(call);
      const handler = all[`${method} ${path}`];
      const reply = handler === undefined ? fail(404, `No fake for ${method} ${path}`) : typeof handler === 'function' ? await handler(call) : handler;
      const status = reply.status ?? 200;
      const payload = status < 400 ? { success: true, data: reply.data ?? null } : { success: false, message: reply.message, code: reply.code, details: reply.details };
      return new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
    }),
  );

  return {
    calls,
    /** The calls made to one route, e.g. `to('PUT /users/verify')`. */
    to(route: string): FakeCall[] {
      const [method, path] = route.split(' ');
      return calls.filter((call) => call.method === method && call.path === path);
    },
  };
}
