import { describe, expect, it } from 'vitest';
import { readTar, tarStream, type TarEntry } from './tar-archive.js';

async function* from<T>(items: T[]): AsyncGenerator<T> {
  yield* items;
}

async function archive(entries: TarEntry[]): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of tarStream(from(entries))) parts.push(part);
  return Buffer.concat(parts);
}

/** Reads the archive back in chunks of `chunkSize` bytes, as a gunzip stream would hand them over. */
async function unpack(bytes: Buffer, chunkSize = 777): Promise<Array<{ kind: string; name: string; text: string }>> {
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += chunkSize) chunks.push(bytes.subarray(offset, offset + chunkSize));
  const entries: Array<{ kind: string; name: string; text: string }> = [];
  for await (const entry of readTar(from(chunks))) {
    const parts: Buffer[] = [];
    for await (const part of entry.content) parts.push(part);
    entries.push({ kind: entry.kind, name: entry.name, text: Buffer.concat(parts).toString('latin1') });
  }
  return entries;
}

function file(name: string, size: number, ...chunks: string[]): TarEntry {
  return { kind: 'file', name, size, content: () => from(chunks.map((chunk) => Buffer.from(chunk, 'latin1'))) };
}

describe('tar archives of a data folder', () => {
  it('reads back folders and files, long paths included, whatever the chunk sizes', async () => {
    const longName = `postgres/base/${'a'.repeat(90)}/${'b'.repeat(90)}`;
    const bytes = await archive([{ kind: 'directory', name: 'postgres' }, file('postgres/PG_VERSION', 3, '18\n'), file(longName, 1200, 'x'.repeat(700), 'y'.repeat(500)), file('empty', 0)]);
    expect(bytes.length % 512).toBe(0);
    expect(await unpack(bytes)).toEqual([
      { kind: 'directory', name: 'postgres', text: '' },
      { kind: 'file', name: 'postgres/PG_VERSION', text: '18\n' },
      { kind: 'file', name: longName, text: 'x'.repeat(700) + 'y'.repeat(500) },
      { kind: 'file', name: 'empty', text: '' },
    ]);
  });

  it('keeps a file at the size it had when listed, though it grew or shrank while being read', async () => {
    const bytes = await archive([file('grew', 4, 'abcdefgh'), file('shrank', 6, 'ab')]);
    expect(await unpack(bytes, 100)).toEqual([
      { kind: 'file', name: 'grew', text: 'abcd' },
      { kind: 'file', name: 'shrank', text: 'ab\u0000\u0000\u0000\u0000' },
    ]);
  });

  it('refuses a damaged archive, one cut short, and paths that leave the folder', async () => {
    const bytes = await archive([file('postgres/PG_VERSION', 3, '18\n')]);
    const damaged = Buffer.from(bytes);
    damaged[10] = 0x41;
    await expect(unpack(damaged)).rejects.toThrow(/checksum/);
    await expect(unpack(bytes.subarray(0, 600))).rejects.toThrow(/ends part way/);
    await expect(unpack(await archive([file('../outside', 1, 'x')]))).rejects.toThrow(/unsafe path/);
  });
});
