import type { Request, Response } from 'express';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { acceptedEncodings } from './precompressed-assets.js';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Below this a page gains less from compression than the header costs. */
const MIN_COMPRESSED_BYTES = 1_024;

/**
 * Sends a page, compressed when the browser accepts it. A server-rendered page carries its markup
 * and its data block (tens of KB on a profile): at 1.6 Mbps that is the difference between the
 * text arriving in 0.1 s or 0.4 s. Brotli at quality 5 is about as fast as gzip and smaller.
 */
export async function sendHtml(req: Request, res: Response, html: string): Promise<void> {
  res.vary('Accept-Encoding');
  res.type('html');
  const body = Buffer.from(html);
  const accepted = acceptedEncodings(req.headers['accept-encoding']);
  if (body.length < MIN_COMPRESSED_BYTES) {
    res.send(body);
  } else if (accepted.has('br')) {
    res.setHeader('Content-Encoding', 'br');
    res.send(await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
  } else if (accepted.has('gzip')) {
    res.setHeader('Content-Encoding', 'gzip');
    res.send(await gzipped(body, { level: 6 }));
  } else {
    res.send(body);
  }
}
