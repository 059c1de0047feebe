import type { RequestHandler } from 'express';
import { findNulCharacter, nulCharacterError } from '../errors/nul-characters.js';

/** `%00` in any case: the only way a NUL reaches a decoded path or query (Node refuses raw ones). */
const ENCODED_NUL = /%00/i;

/**
 * Refuses a NUL character anywhere in a REST call (path, query, JSON body) once, for every
 * route: any text may end up in a PostgreSQL query, which would fail as a 500. Mount after
 * the JSON body parser.
 */
export function refuseNulCharacters(): RequestHandler {
  return (req, _res, next) => {
    const queryStart = req.originalUrl.indexOf('?');
    const path = queryStart === -1 ? req.originalUrl : req.originalUrl.slice(0, queryStart);
    const query = queryStart === -1 ? '' : req.originalUrl.slice(queryStart);
    if (ENCODED_NUL.test(path)) return next(nulCharacterError('path'));
    if (ENCODED_NUL.test(query)) return next(nulCharacterError('query'));
    const bodyPath = findNulCharacter(req.body);
    if (bodyPath !== null) return next(nulCharacterError(bodyPath === '' ? 'body' : bodyPath));
    next();
  };
}
