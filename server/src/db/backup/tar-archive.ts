// A minimal POSIX tar (ustar) writer and reader, enough for a copy of a PostgreSQL data folder:
// regular files and folders only. A backup is one file a person can copy elsewhere, and no tar
// library or program is needed on the machine that makes or restores it.

const BLOCK = 512;
const MAX_SIZE = 8 ** 11 - 1; // what 11 octal digits hold (8 GiB); PostgreSQL's files stop at 1 GiB
const END_OF_ARCHIVE = Buffer.alloc(BLOCK * 2);

export type TarEntry =
  | { kind: 'directory'; name: string }
  /** `content` may yield fewer or more bytes than `size` (a file changing while it is read): the entry is cut or zero-filled to `size`. */
  | { kind: 'file'; name: string; size: number; content: () => AsyncIterable<Buffer> };

/** The archive's bytes, entry after entry, in the order given. */
export async function* tarStream(entries: AsyncIterable<TarEntry>): AsyncGenerator<Buffer> {
  for await (const entry of entries) {
    if (entry.kind === 'directory') {
      yield header(`${entry.name.replace(/\/$/, '')}/`, 0, '5', 0o700);
      continue;
    }
    if (entry.size > MAX_SIZE) throw new Error(`${entry.name} is too large for a tar entry (${entry.size} bytes)`);
    yield header(entry.name, entry.size, '0', 0o600);
    let written = 0;
    for await (const chunk of entry.content()) {
      const part = chunk.subarray(0, entry.size - written);
      if (part.length > 0) yield part;
      written += part.length;
      if (written === entry.size) break;
    }
    if (written < entry.size) yield Buffer.alloc(entry.size - written);
    const padding = (BLOCK - (entry.size % BLOCK)) % BLOCK;
    if (padding > 0) yield Buffer.alloc(padding);
  }
  yield END_OF_ARCHIVE;
}

function header(name: string, size: number, type: '0' | '5', mode: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  const [prefix, shortName] = splitName(name);
  block.write(shortName, 0, 100, 'utf8');
  writeOctal(block, 100, 8, mode);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, size);
  writeOctal(block, 136, 12, Math.floor(Date.now() / 1000));
  block.write('        ', 148, 8, 'latin1'); // the checksum counts its own field as spaces
  block.write(type, 156, 1, 'latin1');
  block.write('ustar\u000000', 257, 8, 'latin1');
  block.write(prefix, 345, 155, 'utf8');
  const checksum = block.reduce((sum, byte) => sum + byte, 0);
  block.write(`${checksum.toString(8).padStart(6, '0')}\u0000 `, 148, 8, 'latin1');
  return block;
}

/** ustar keeps up to 100 bytes of name and 155 of folder prefix, split at a slash. */
function splitName(name: string): [string, string] {
  if (Buffer.byteLength(name) <= 100) return ['', name];
  for (let slash = name.indexOf('/'); slash !== -1; slash = name.indexOf('/', slash + 1)) {
    const prefix = name.slice(0, slash);
    const rest = name.slice(slash + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return [prefix, rest];
  }
  throw new Error(`Path too long for a tar entry: ${name}`);
}

function writeOctal(block: Buffer, offset: number, length: number, value: number): void {
  block.write(`${value.toString(8).padStart(length - 1, '0')}\u0000`, offset, length, 'latin1');
}

export interface ReadEntry {
  kind: 'directory' | 'file';
  /** Relative, with no `..` part: checked before it is handed out. */
  name: string;
  size: number;
  /** The file's bytes; must be read to the end before the next entry is asked for. */
  content: AsyncIterable<Buffer>;
}

/** The entries of an archive written by tarStream (or any ustar archive of plain files and folders). */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<ReadEntry> {
  const reader = new ChunkReader(source);
  for (;;) {
    const block = await reader.exactly(BLOCK);
    if (block === null || block.every((byte) => byte === 0)) return;
    const entry = parseHeader(block);
    let unread = entry.size;
    const content = (async function* () {
      for await (const part of reader.stream(unread)) {
        unread -= part.length;
        yield part;
      }
    })();
    yield { ...entry, content };
    // Whatever the caller left unread (all of it, for a folder or a skipped file), then the padding.
    for await (const _part of reader.stream(unread));
    await reader.exactly((BLOCK - (entry.size % BLOCK)) % BLOCK);
  }
}

function parseHeader(block: Buffer): Omit<ReadEntry, 'content'> {
  const stored = readOctal(block, 148, 8);
  block.write('        ', 148, 8, 'latin1');
  if (block.reduce((sum, byte) => sum + byte, 0) !== stored) throw new Error('The backup is damaged (a tar header fails its checksum)');
  const shortName = readString(block, 0, 100);
  const prefix = readString(block, 345, 155);
  const name = (prefix ? `${prefix}/${shortName}` : shortName).replace(/\/$/, '');
  const type = String.fromCharCode(block[156] ?? 0);
  const parts = name.split('/');
  if (name === '' || name.startsWith('/') || parts.includes('..')) throw new Error(`The backup holds an unsafe path: ${name}`);
  if (type === '5') return { kind: 'directory', name, size: 0 };
  if (type === '0' || type === '\u0000') return { kind: 'file', name, size: readOctal(block, 124, 12) };
  throw new Error(`The backup holds ${name}, which is neither a file nor a folder (tar type ${type})`);
}

function readString(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readOctal(block: Buffer, offset: number, length: number): number {
  const text = readString(block, offset, length).trim();
  const value = Number.parseInt(text || '0', 8);
  if (!Number.isSafeInteger(value)) throw new Error('The backup is damaged (a tar header holds no number where one belongs)');
  return value;
}

/** Reads exact byte counts out of a stream of chunks of any size. */
class ChunkReader {
  private readonly chunks: AsyncIterator<Buffer>;
  private pending: Buffer = Buffer.alloc(0);

  constructor(source: AsyncIterable<Buffer>) {
    this.chunks = source[Symbol.asyncIterator]();
  }

  /** `length` bytes, or null at the end of the stream (a stream ending part way is damage). */
  async exactly(length: number): Promise<Buffer | null> {
    const parts: Buffer[] = [];
    let have = 0;
    for await (const part of this.stream(length, true)) {
      parts.push(part);
      have += part.length;
    }
    if (have === 0 && length > 0) return null;
    return Buffer.concat(parts, have);
  }

  async *stream(length: number, endIsFine = false): AsyncGenerator<Buffer> {
    let left = length;
    while (left > 0) {
      if (this.pending.length === 0) {
        const next = await this.chunks.next();
        if (next.done) {
          if (endIsFine && left === length) return;
          throw new Error('The backup ends part way through (was it copied whole?)');
        }
        this.pending = next.value;
      }
      const part = this.pending.subarray(0, left);
      this.pending = this.pending.subarray(part.length);
      left -= part.length;
      yield part;
    }
  }
}
