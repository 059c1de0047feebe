import express from 'express';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressedAssets } from './precompressed-assets.js';

const SCRIPT = `export const answer = ${JSON.stringify('byline '.repeat(400))};\n`;

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A raw HTTP request: fetch would ask for and undo compression itself. */
function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('precompressedAssets', () => {
  let dir: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'byline-assets-'));
    mkdirSync(path.join(dir, 'nested'));
    writeFileSync(path.join(dir, 'app-1a2b.js'), SCRIPT);
    writeFileSync(path.join(dir, 'app-1a2b.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(path.join(dir, 'app-1a2b.js.gz'), gzipSync(SCRIPT));
    writeFileSync(path.join(dir, 'nested', 'style.css'), 'body{}');
    writeFileSync(path.join(dir, 'nested', 'style.css.gz'), gzipSync('body{}'));
    writeFileSync(path.join(dir, 'tiny.js'), 'export {};\n');
    const app = express();
    app.use('/assets', precompressedAssets(dir), express.static(dir, { immutable: true, maxAge: '1y', fallthrough: false }));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/assets`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the brotli copy to a browser that accepts brotli, as JavaScript, varying by Accept-Encoding', async () => {
    const response = await get(`${base}/app-1a2b.js`, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(response.headers.vary).toMatch(/Accept-Encoding/);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(response.body).toString()).toBe(SCRIPT);
    expect(response.body.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 10);
  });

  it('sends the gzip copy when brotli is not accepted (or refused with q=0)', async () => {
    for (const acceptEncoding of ['gzip', 'br;q=0, gzip', 'br;q=0, *']) {
      const response = await get(`${base}/app-1a2b.js`, { 'Accept-Encoding': acceptEncoding });
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(response.body).toString()).toBe(SCRIPT);
    }
  });

  it('sends the file as it is to a client that accepts no encoding', async () => {
    const response = await get(`${base}/app-1a2b.js`);
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/Accept-Encoding/);
    expect(response.body.toString()).toBe(SCRIPT);
  });

  it('finds copies in sub-folders, and answers HEAD with the compressed headers', async () => {
    const response = await get(`${base}/nested/style.css`, { 'Accept-Encoding': 'br, gzip' }, 'HEAD');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/^text\/css/);
  });

  it('leaves files without a compressed copy, missing files and malformed paths to express.static', async () => {
    const tiny = await get(`${base}/tiny.js`, { 'Accept-Encoding': 'br, gzip' });
    expect(tiny.status).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('export {};\n');
    expect((await get(`${base}/missing.js`, { 'Accept-Encoding': 'br' })).status).toBe(404);
    expect((await get(`${base}/%E0%A4%A.js`, { 'Accept-Encoding': 'br' })).status).toBe(400);
  });
});
