import type { RequestHandler } from 'express';
import { Forbidden, InvalidInput } from '../../../errors/app-errors.js';

const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard for the REST façade (Apollo guards /graphql itself). The web
 * session rides on cookies, so a page elsewhere must not be able to make a browser send a
 * changing call with them. SameSite=Lax keeps the cookies off most cross-site calls, but not
 * off calls from a sibling subdomain, and a cross-site form post to `/auth/signout` can still
 * clear them. So a changing call is refused when:
 * - it has a body type other than JSON: HTML forms can only send `application/x-www-form-urlencoded`,
 *   `multipart/form-data` or `text/plain`, while a page can send JSON here only after a CORS
 *   preflight, which this server never grants. A call without a body (and so without a
 *   content type) stays allowed: that is how the web app signs out;
 * - the browser says it comes from another site (`Sec-Fetch-Site: cross-site`).
 * Mount on /api after the JSON body parser, before the routers.
 */
export function refuseCrossSiteWrites(): RequestHandler {
  return (req, _res, next) => {
    if (READ_ONLY_METHODS.has(req.method)) return next();
    if (req.headers['sec-fetch-site'] === 'cross-site') return next(new Forbidden('Requests from other sites are not accepted.'));
    const contentType = req.headers['content-type'];
    if (contentType !== undefined && contentType.split(';')[0]?.trim().toLowerCase() !== 'application/json') {
      return next(new InvalidInput('Send the request body as JSON (content-type: application/json).'));
    }
    next();
  };
}
