import { createHash } from 'node:crypto';
import type { Readable, Writable } from 'node:stream';

/**
 * A minimal streaming tar (POSIX ustar) writer and reader for backup archives: regular files only,
 * names of at most 100 bytes (ours are `db/<table>.jsonl`, `media/<sha256>`, …). `tar -tzf` lists
 * what the writer makes; the reader reads only what the writer makes (no links, no long names).
 */

const BLOCK = 512;
const ZEROES = Buffer.alloc(BLOCK);

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number, mtime: Date): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  if (nameBytes.length > 100) throw new Error(`archive entry name too long: ${name}`);
  const block = Buffer.alloc(BLOCK);
  nameBytes.copy(block, 0);
  block.write(octal(0o600, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

/** Writes a promise-aware chunk: waits for 'drain' when the stream's buffer is full. */
async function write(out: Writable, chunk: Buffer): Promise<void> {
  if (out.write(chunk)) return;
  await new Promise<void>((resolve, reject) => {
    const onDrain = () => {
      out.off('error', onError);
      resolve();
    };
    const onError = (error: Error) => {
      out.off('drain', onDrain);
      reject(error);
    };
    out.once('drain', onDrain);
    out.once('error', onError);
  });
}

export class TarWriter {
  readonly #out: Writable;
  /** Bytes of entry content written so far (for progress). */
  written = 0;

  constructor(out: Writable) {
    this.#out = out;
  }

  /**
   * Adds one file of exactly `size` bytes from `body`; returns its SHA-256. A body that is shorter
   * or longer than announced fails (the archive would be unreadable).
   */
  async add(
    name: string,
    size: number,
    body: Buffer | AsyncIterable<Buffer>,
    onBytes?: (bytes: number) => void,
  ): Promise<string> {
    const hash = createHash('sha256');
    await write(this.#out, header(name, size, new Date()));
    let seen = 0;
    const chunks = Buffer.isBuffer(body) ? [body] : body;
    for await (const chunk of chunks) {
      seen += chunk.length;
      if (seen > size) throw new Error(`${name} grew while it was archived`);
      hash.update(chunk);
      await write(this.#out, chunk);
      this.written += chunk.length;
      onBytes?.(chunk.length);
    }
    if (seen !== size) throw new Error(`${name} shrank while it was archived`);
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    if (padding > 0) await write(this.#out, ZEROES.subarray(0, padding));
    return hash.digest('hex');
  }

  /** The two empty blocks that end an archive; then the stream is ended. */
  async finish(): Promise<void> {
    await write(this.#out, Buffer.alloc(BLOCK * 2));
    await new Promise<void>((resolve, reject) => {
      this.#out.once('error', reject);
      this.#out.end(resolve);
    });
  }
}

export class ArchiveFormatError extends Error {}

/** Reads exact byte counts from a stream's chunks. */
class ByteSource {
  readonly #chunks: AsyncIterator<Buffer>;
  #buffer: Buffer = Buffer.alloc(0);
  #done = false;

  constructor(stream: Readable) {
    this.#chunks = (stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  }

  async #fill(): Promise<boolean> {
    if (this.#done) return false;
    const next = await this.#chunks.next();
    if (next.done) {
      this.#done = true;
      return false;
    }
    this.#buffer = this.#buffer.length === 0 ? next.value : Buffer.concat([this.#buffer, next.value]);
    return true;
  }

  /** Exactly `size` bytes, or null at a clean end of the stream. */
  async take(size: number): Promise<Buffer | null> {
    while (this.#buffer.length < size) {
      if (!(await this.#fill())) {
        if (this.#buffer.length === 0) return null;
        throw new ArchiveFormatError('the archive ends in the middle of a file (truncated?)');
      }
    }
    const taken = this.#buffer.subarray(0, size);
    this.#buffer = this.#buffer.subarray(size);
    return taken;
  }

  /** Up to `left` bytes: whatever is buffered or arrives next. */
  async next(left: number): Promise<Buffer> {
    if (this.#buffer.length === 0 && !(await this.#fill())) {
      throw new ArchiveFormatError('the archive ends in the middle of a file (truncated?)');
    }
    const part = this.#buffer.subarray(0, Math.min(left, this.#buffer.length));
    this.#buffer = this.#buffer.subarray(part.length);
    return part;
  }
}

function parseOctal(field: Buffer): number {
  const text = field.toString('ascii').replace(/\0.*$/s, '').trim();
  if (!/^[0-7]+$/.test(text)) throw new ArchiveFormatError('not a backup archive (bad tar header)');
  return Number.parseInt(text, 8);
}

export type TarEntry = {
  name: string;
  size: number;
  /** The content; read it to the end (or call skip) before asking for the next entry. */
  body: AsyncGenerator<Buffer>;
};

/** The entries of a tar stream, one after the other. */
export async function* readTar(stream: Readable): AsyncGenerator<TarEntry> {
  const source = new ByteSource(stream);
  for (;;) {
    const block = await source.take(BLOCK);
    if (!block || block.every((byte) => byte === 0)) return;
    let sum = 0;
    for (let index = 0; index < BLOCK; index += 1) {
      sum += index >= 148 && index < 156 ? 32 : (block[index] as number);
    }
    if (parseOctal(block.subarray(148, 156)) !== sum) {
      throw new ArchiveFormatError('not a backup archive, or a damaged one (a tar header checksum is wrong)');
    }
    const name = block.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const size = parseOctal(block.subarray(124, 136));
    const type = String.fromCharCode(block[156] as number);
    // The body reads from the shared source; whatever the consumer leaves is skipped after it.
    let left = size;
    async function* body(): AsyncGenerator<Buffer> {
      while (left > 0) {
        const part = await source.next(left);
        left -= part.length;
        yield part;
      }
    }
    if (type === '0' || type === '\0') yield { name, size, body: body() };
    while (left > 0) left -= (await source.next(left)).length;
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    if (padding > 0 && !(await source.take(padding))) {
      throw new ArchiveFormatError('the archive ends in the middle of a file (truncated?)');
    }
  }
}
