import type { RequestHandler } from 'express';
import { InvalidInput } from '../errors/app-errors.js';
import { findUnstorableText, nulCharacterError } from '../errors/unstorable-text.js';

/** `%00` in any case: the only way a NUL reaches a decoded path or query (Node refuses raw ones). */
const ENCODED_NUL = /%00/i;

/**
 * Refuses text PostgreSQL cannot store (a NUL character, an unpaired surrogate) anywhere in a
 * REST call once, for every route: any text may end up in a query, which would fail as a 500.
 * Only a JSON body can carry an unpaired surrogate (`"\uD800"`): percent-decoding a path or a
 * query turns the bytes of one into U+FFFD or refuses them. Mount after the JSON body parser.
 */
export function refuseUnstorableText(): RequestHandler {
  return (req, _res, next) => {
    const queryStart = req.originalUrl.indexOf('?');
    const path = queryStart === -1 ? req.originalUrl : req.originalUrl.slice(0, queryStart);
    const query = queryStart === -1 ? '' : req.originalUrl.slice(queryStart);
    if (ENCODED_NUL.test(path)) return next(nulCharacterError('path'));
    if (ENCODED_NUL.test(query)) return next(nulCharacterError('query'));
    const found = findUnstorableText(req.body);
    if (found !== null) return next(new InvalidInput(found.message, { field: found.path === '' ? 'body' : found.path }));
    next();
  };
}
