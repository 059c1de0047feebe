import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { AsyncEventQueue } from '../pubsub/async-event-queue.js';

/** What the upgrade request carries: a browser page sends Origin and its cookies; a native client neither. */
export interface SocketOptions {
  origin?: string;
  cookie?: string;
  /** Sent as `connectionParams.authToken`. */
  authToken?: string;
  /** Any other header of the upgrade request (X-Forwarded-For from a proxy). */
  headers?: Record<string, string>;
}

export interface SocketClose {
  code: number;
  reason: string;
}

/** One message of an operation: a result, the errors that ended it, or the socket closing under it. */
export type OperationMessage =
  | { data?: unknown; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> }
  | { closed: SocketClose };

export interface TestSocket {
  client: Client;
  /** Settles when the socket closes (the server closed it, or the test disposed of it). */
  closed: Promise<SocketClose>;
  /** Starts an operation; iterate its messages in order (the queue ends when the operation does). */
  operation(query: string, variables?: Record<string, unknown>, operationName?: string): AsyncEventQueue<OperationMessage>;
}

export function webSocketUrl(serverUrl: string): string {
  return `${serverUrl.replace(/^http/, 'ws')}/graphql`;
}

function isCloseEvent(value: unknown): value is SocketClose {
  return typeof value === 'object' && value !== null && 'code' in value && typeof value.code === 'number';
}

/** A graphql-ws client (no retries) whose upgrade request has exactly the headers of `options`. */
export function openTestSocket(serverUrl: string, options: SocketOptions = {}): TestSocket {
  const headers: Record<string, string> = { ...options.headers };
  if (options.origin) headers.origin = options.origin;
  if (options.cookie) headers.cookie = options.cookie;
  class HeaderedWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers });
    }
  }
  let resolveClosed: (close: SocketClose) => void = () => undefined;
  const closed = new Promise<SocketClose>((resolve) => (resolveClosed = resolve));
  const client = createClient({
    url: webSocketUrl(serverUrl),
    webSocketImpl: HeaderedWebSocket,
    connectionParams: options.authToken ? { authToken: options.authToken } : {},
    retryAttempts: 0,
    on: { closed: (event) => resolveClosed(isCloseEvent(event) ? { code: event.code, reason: String(event.reason) } : { code: 0, reason: '' }) },
  });
  const operation = (query: string, variables?: Record<string, unknown>, operationName?: string) => {
    const messages = new AsyncEventQueue<OperationMessage>();
    client.subscribe(
      { query, ...(variables ? { variables } : {}), ...(operationName ? { operationName } : {}) },
      {
        next: (value) => messages.push(value as OperationMessage),
        error: (error) => {
          if (Array.isArray(error)) messages.push({ errors: error as Array<{ message: string; extensions?: Record<string, unknown> }> });
          else if (isCloseEvent(error)) messages.push({ closed: { code: error.code, reason: String(error.reason) } });
          else messages.push({ errors: [{ message: String(error) }] });
          messages.end();
        },
        complete: () => messages.end(),
      },
    );
    return messages;
  };
  return { client, closed, operation };
}

/** The next message of an operation; fails the test if the operation ended without one. */
export async function nextMessage(messages: AsyncEventQueue<OperationMessage>): Promise<OperationMessage> {
  const result = await messages.next();
  if (result.done) throw new Error('the operation ended without another message');
  return result.value;
}

/** How the server answers a bare upgrade request: the HTTP status of a refusal, or 101 when it opens. */
export function upgradeStatus(serverUrl: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(webSocketUrl(serverUrl), 'graphql-transport-ws', { headers });
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      response.resume();
      socket.terminate();
    });
    socket.once('error', (error) => reject(error));
  });
}
