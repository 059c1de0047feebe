import { DEFAULT_CALL_TIMEOUT_MS } from '@domain/constants';
import * as MESSAGES from '@domain/messages';
import { readFeatureFlag } from './featureFlag';

/** A REST call that failed: the HTTP status and the server's user-facing message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null = null,
    readonly details: Record<string, unknown> | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface ApiAnswer<T> {
  success: boolean;
  data?: T;
  message?: string;
  code?: string;
  details?: Record<string, unknown>;
}

/**
 * Calls the REST façade under /api (docs/product.md §API): JSON in and out, the Feature-Flag header
 * from local storage, the session cookie sent by the browser, a 30 s timeout. Resolves to `data`;
 * rejects with an `ApiError` carrying the server's message (or the spec's timeout message).
 */
export async function apiCall<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, timeoutMs = DEFAULT_CALL_TIMEOUT_MS): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const flag = readFeatureFlag();
  if (flag) headers['Feature-Flag'] = flag;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') throw new ApiError(504, MESSAGES.timeout);
    throw new ApiError(0, MESSAGES.somethingWentWrong);
  }
  // A proxy or crash page may answer with something that is not JSON: treat it as no answer.
  const answer = (await response.json().catch(() => null)) as ApiAnswer<T> | null;
  if (!response.ok || !answer?.success) {
    throw new ApiError(response.status, answer?.message ?? MESSAGES.unexpected, answer?.code ?? null, answer?.details ?? null);
  }
  return answer.data as T;
}
