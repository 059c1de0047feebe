import type { RequestHandler } from 'express';
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** Preferred first: brotli is ~15% smaller than gzip on the client's scripts. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * For `/assets`, before express.static: when the build wrote a compressed copy of the asset
 * (`file.br`, `file.gz`: client/build/precompress.ts) and the browser accepts that encoding, serves
 * the copy with `Content-Encoding`, keeping the original's Content-Type. The hashed files never
 * change while the server runs, so the folder is listed once, on first use. Anything else falls
 * through to express.static unchanged.
 */
export function precompressedAssets(assetsDir: string): RequestHandler {
  let variants: Set<string> | null = null;
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    variants ??= listFiles(assetsDir);
    const file = decodedPath(req.path);
    if (file === null) return next();
    const available = ENCODINGS.filter((encoding) => variants!.has(file + encoding.suffix));
    if (available.length === 0) return next();
    // The same URL answers differently by Accept-Encoding: caches must keep them apart.
    res.vary('Accept-Encoding');
    const encoding = preferredEncoding(req.headers['accept-encoding'], available);
    if (!encoding) return next();
    // express.static (send) keeps a Content-Type that is already set instead of guessing from `.br`.
    res.type(path.extname(file));
    res.setHeader('Content-Encoding', encoding.name);
    req.url = `${req.url.split('?')[0]}${encoding.suffix}`;
    next();
  };
}

/**
 * The first of `offered` (our preference, not the header's order: browsers list gzip first, yet
 * brotli is smaller) that an Accept-Encoding header allows, `*` included; undefined when none is.
 */
export function preferredEncoding<E extends { name: string }>(acceptEncoding: string | undefined, offered: readonly E[]): E | undefined {
  const accepted = acceptedEncodings(acceptEncoding);
  return offered.find((candidate) => accepted.has(candidate.name) || (accepted.has('*') && !accepted.has(`-${candidate.name}`)));
}

/**
 * The encodings an Accept-Encoding header allows (q > 0); one refused with q=0 is kept as
 * `-name` so that `*` does not bring it back.
 */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const quality = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    accepted.add(quality !== undefined && Number(quality.slice(2)) === 0 ? `-${name}` : name);
  }
  return accepted;
}

/** The asset's path inside the folder, or null for a malformed one (express.static answers it). */
function decodedPath(requestPath: string): string | null {
  try {
    return decodeURIComponent(requestPath).replace(/^\/+/, '');
  } catch {
    return null;
  }
}

function listFiles(dir: string): Set<string> {
  try {
    return new Set(readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => file.split(path.sep).join('/')));
  } catch {
    return new Set();
  }
}
