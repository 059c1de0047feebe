import { UpstreamTimeout } from '../../../errors/app-errors.js';

/**
 * Google and reCAPTCHA are called while someone waits on a sign-in. When they cannot be reached
 * in time, or fail on their side (5xx, 429), the person gets the spec's 504 Timeout message
 * instead of a 500: nothing is wrong with their request or with us, and trying again later helps.
 * The cause stays on the error for the log.
 */
function unavailable(provider: string, cause: unknown): UpstreamTimeout {
  const error = new UpstreamTimeout(undefined, { provider });
  error.cause = cause;
  return error;
}

function failedOnTheirSide(status: number): boolean {
  return status >= 500 || status === 429;
}

/** `fetch` for a provider: an answer the caller can judge (2xx, 4xx), or UpstreamTimeout. */
export async function fetchFromProvider(provider: string, url: string, init: RequestInit & { timeoutMs: number }): Promise<Response> {
  const { timeoutMs, ...request } = init;
  let response: Response;
  try {
    response = await fetch(url, { ...request, signal: request.signal ?? AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw unavailable(provider, error);
  }
  if (failedOnTheirSide(response.status)) throw unavailable(provider, new Error(`${provider} answered ${response.status}`));
  return response;
}

/** The JSON body of a provider's answer; a connection that breaks while it is read is a timeout too. */
export async function providerJson(provider: string, response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw unavailable(provider, error);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** OAuth 2.0's own words (RFC 6749 5.2, 4.1.2.1) for a provider that cannot serve the request now. */
const UNAVAILABLE_OAUTH_ERRORS = new Set(['server_error', 'temporarily_unavailable']);

/**
 * Whether a passport strategy (web sign-in) failed because the provider could not be reached or
 * failed on its side. passport turns a JSON error answer into a TokenError with OAuth's code, and
 * wraps anything else as `oauthError`: a socket error (ECONNREFUSED, ECONNRESET, ETIMEDOUT…) or
 * the provider's answer with its status.
 */
export function isProviderUnavailable(error: unknown): boolean {
  if (error instanceof Error && error.name === 'TokenError' && 'code' in error && UNAVAILABLE_OAUTH_ERRORS.has(String(error.code))) return true;
  const cause: unknown = typeof error === 'object' && error !== null && 'oauthError' in error ? error.oauthError : null;
  if (typeof cause !== 'object' || cause === null) return false;
  if ('statusCode' in cause && typeof cause.statusCode === 'number') return failedOnTheirSide(cause.statusCode);
  return 'code' in cause && typeof cause.code === 'string';
}
