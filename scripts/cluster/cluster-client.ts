/**
 * The check's HTTP client: every request goes through the load balancer with an id of its own,
 * and is recorded with what became of it, so requests sent can be matched against the proxy's
 * record of where each one went.
 */
import { REQUEST_ID_HEADER } from './round-robin-proxy.js';

export interface ClientRequest {
  id: string;
  /** What the request was for (`signIn`, `addCredit`…). */
  label: string;
  sentAt: number;
  endedAt: number | null;
  /** The HTTP status of the answer; null when none arrived (the connection was cut). */
  status: number | null;
  /** `ok`: a 2xx with no GraphQL errors; `refused`: the app answered with an error; `lost`: no answer from the app. */
  outcome: 'ok' | 'refused' | 'lost' | null;
  detail: string | null;
}

export interface Answer<T> {
  ok: boolean;
  status: number | null;
  body: T | null;
  request: ClientRequest;
}

export interface RestBody<T> {
  success: boolean;
  data?: T;
  message?: string;
}

export interface GraphQLBody<T> {
  data?: T | null;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
}

export class ClusterClient {
  readonly requests: ClientRequest[] = [];
  private nextId = 1;

  constructor(
    private readonly baseUrl: string,
    private readonly now: () => number,
  ) {}

  /** One call to the REST API (`/api…`). */
  async rest<T>(label: string, method: string, path: string, options: { body?: unknown; token?: string; bearerSession?: boolean } = {}): Promise<Answer<RestBody<T>>> {
    const headers: Record<string, string> = {};
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    // Sign-ins answer with bearer tokens instead of cookies (as the mobile shell asks).
    if (options.bearerSession) headers['x-session-transport'] = 'bearer';
    return this.send(label, `/api${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) }, (status, body: RestBody<T> | null) =>
      status >= 200 && status < 300 && body?.success !== false ? null : (body?.message ?? `HTTP ${status}`),
    );
  }

  /** One GraphQL operation over HTTP, as the web app sends it. */
  async graphql<T>(label: string, query: string, variables: Record<string, unknown>, token: string): Promise<Answer<GraphQLBody<T>>> {
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    return this.send(label, '/graphql', { method: 'POST', headers, body: JSON.stringify({ query, variables }) }, (status, body: GraphQLBody<T> | null) =>
      status === 200 && body && !body.errors?.length ? null : (body?.errors?.map((error) => error.message).join('; ') ?? `HTTP ${status}`),
    );
  }

  private async send<T>(label: string, path: string, init: { method: string; headers: Record<string, string>; body?: string }, refusal: (status: number, body: T | null) => string | null): Promise<Answer<T>> {
    const request: ClientRequest = { id: `r${this.nextId++}`, label, sentAt: this.now(), endedAt: null, status: null, outcome: null, detail: null };
    this.requests.push(request);
    try {
      const response = await fetch(`${this.baseUrl}${path}`, { ...init, headers: { ...init.headers, [REQUEST_ID_HEADER]: request.id } });
      const text = await response.text();
      request.endedAt = this.now();
      request.status = response.status;
      const body = parseJson<T>(text);
      // The proxy's 502 is no answer from the app: the backend holding the request died.
      if (response.status === 502 && body === null) {
        request.outcome = 'lost';
        request.detail = text;
        return { ok: false, status: response.status, body: null, request };
      }
      const reason = refusal(response.status, body);
      request.outcome = reason === null ? 'ok' : 'refused';
      request.detail = reason;
      return { ok: reason === null, status: response.status, body, request };
    } catch (error) {
      request.endedAt = this.now();
      request.outcome = 'lost';
      request.detail = error instanceof Error ? error.message : String(error);
      return { ok: false, status: null, body: null, request };
    }
  }
}

function parseJson<T>(text: string): T | null {
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}
