import type { Request } from 'express';
import { Forbidden, InvalidInput, NotFound, toPublicError, type AppError, type PublicError } from '../errors/app-errors.js';

/** The encodings express.json() inflates; any other is refused before reading (`encoding.unsupported`). */
const INFLATED_ENCODINGS = new Set(['gzip', 'deflate', 'br', 'zstd']);

interface HttpErrorFields {
  status?: unknown;
  expose?: unknown;
  type?: unknown;
  code?: unknown;
}

/** File-system errors express.static answers as 404 (marked `expose: false` only to hide their text). */
const MISSING_FILE_CODES = new Set(['ENOENT', 'ENOTDIR', 'ENAMETOOLONG', 'EISDIR']);

function httpErrorFields(error: unknown): HttpErrorFields | null {
  return typeof error === 'object' && error !== null ? (error as HttpErrorFields) : null;
}

/**
 * Errors that express, its router and its body parser raise about the request itself. They
 * carry a 4xx `status` but are not our typed errors, so without this they would become the
 * generic 500. Fixed messages only: their own text may echo raw input.
 */
export function fromRequestError(error: unknown, req: Request): AppError | null {
  const fields = httpErrorFields(error);
  if (fields === null) return null;
  // router's decodeParam: `decodeURIComponent` refused a path segment such as `%E0%A4%A`.
  if (error instanceof URIError && fields.status === 400) return new InvalidInput('The request path contains a malformed percent-escape (%).');
  switch (fields.type) {
    case 'entity.parse.failed':
      return new InvalidInput('The request body is not valid JSON.');
    case 'entity.too.large':
      return new InvalidInput('The request body is too large.');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new InvalidInput('The request body encoding is not supported.');
    default:
      break;
  }
  if (fields.status === 404 && MISSING_FILE_CODES.has(String(fields.code))) return new NotFound('Not found');
  // http-errors marks client errors `expose: true`; a library's own error (Stripe, pg) is not one.
  const isClientError = fields.expose === true && typeof fields.status === 'number' && fields.status >= 400 && fields.status < 500;
  if (!isClientError) return null;
  // A zlib/brotli/zstd failure while inflating reaches us as a bare 400 without a `type`.
  const encoding = String(req.headers['content-encoding'] ?? '').trim().toLowerCase();
  if (fields.type === undefined && INFLATED_ENCODINGS.has(encoding)) return new InvalidInput(`The request body could not be decoded as ${encoding}.`);
  // express.static's other refusals (a path outside its folder) keep their meaning.
  if (fields.status === 404) return new NotFound('Not found');
  if (fields.status === 403) return new Forbidden();
  return new InvalidInput('The request could not be read.');
}

/** What a client sees for an error raised while handling `req` (REST and GraphQL over HTTP alike). */
export function publicErrorOf(error: unknown, req: Request): PublicError {
  return toPublicError(fromRequestError(error, req) ?? error);
}
