import type { Request } from 'express';
import { InvalidInput, UpstreamTimeout } from '../errors/app-errors.js';

/**
 * Reads a request body of at most `maxBytes` within `timeoutMs`. The cap is enforced while the
 * bytes arrive: a declared Content-Length over it is refused before reading, and a body that
 * grows past it (chunked, or lying about its length) is cut off at the first chunk too many,
 * so a large upload never sits in memory whole.
 */
export async function readLimitedBody(
  req: Request,
  maxBytes: number,
  timeoutMs: number,
  // Each upload names its own limits in its messages.
  messages: { tooLarge: string; timeout: string },
): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw new InvalidInput(messages.tooLarge, { field: 'file' });

  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const finish = (error: Error | null, body?: Buffer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.off('data', onData).off('end', onEnd).off('error', onError);
      if (error) {
        // Stop reading what is left; the answer is sent and the connection closed after it.
        req.pause();
        req.unpipe();
        reject(error);
      } else resolve(body ?? Buffer.alloc(0));
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) return finish(new InvalidInput(messages.tooLarge, { field: 'file' }));
      chunks.push(chunk);
    };
    const onEnd = () => finish(null, Buffer.concat(chunks, received));
    const onError = (error: Error) => finish(error);
    const timer = setTimeout(() => finish(new UpstreamTimeout(messages.timeout)), timeoutMs);
    req.on('data', onData).on('end', onEnd).on('error', onError);
  });
}
