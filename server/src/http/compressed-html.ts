import type { Request, Response } from 'express';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { preferredEncoding } from './precompressed-assets.js';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Brotli first: quality 5 is about as fast as gzip's level 6, and smaller. */
const ENCODINGS = [
  { name: 'br', compress: (body: Buffer) => brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }) },
  { name: 'gzip', compress: (body: Buffer) => gzipped(body, { level: 6 }) },
] as const;

/** Below this a page gains less from compression than the header costs. */
const MIN_COMPRESSED_BYTES = 1_024;

/**
 * Sends a page, compressed when the browser accepts it. A server-rendered page carries its markup
 * and its data block (tens of KB on a profile): at 1.6 Mbps that is the difference between the
 * text arriving in 0.1 s or 0.4 s.
 */
export async function sendHtml(req: Request, res: Response, html: string): Promise<void> {
  res.vary('Accept-Encoding');
  res.type('html');
  const body = Buffer.from(html);
  const encoding = body.length < MIN_COMPRESSED_BYTES ? undefined : preferredEncoding(req.headers['accept-encoding'], ENCODINGS);
  if (!encoding) {
    res.send(body);
    return;
  }
  res.setHeader('Content-Encoding', encoding.name);
  res.send(await encoding.compress(body));
}
