/**
 * The web session's cookie names. Auth sets and reads them; the server renderer only asks whether
 * a request has them (signed-in pages are rendered for their viewer), so they live below both.
 */

/** The httpOnly cookie carrying the web session. */
export const SESSION_COOKIE = 'byline_session';

/** The refresh token of the web session (httpOnly, only sent to the auth endpoints' origin). */
export const REFRESH_COOKIE = 'byline_refresh';
