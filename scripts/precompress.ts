/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the client build,
 * so the server sends assets compressed without spending a CPU cycle per request (@fastify/static
 * picks the copy the browser accepts). Runs after `react-router build`; BUILD_DIR as the server.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map|ico)$/;
/** Below this a compressed copy saves less than the response headers it adds. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* filesUnder(directory: string): AsyncGenerator<string> {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

export async function precompress(
  clientDirectory: string,
): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  for await (const file of filesUnder(clientDirectory)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    const source = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
      gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    // A copy that is not smaller is not worth sending.
    if (br.length < source.length) await writeFile(`${file}.br`, br);
    if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
    totals.files += 1;
    totals.bytes += source.length;
    totals.brotliBytes += Math.min(br.length, source.length);
  }
  return totals;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const clientDirectory = path.resolve(process.env.BUILD_DIR ?? 'build', 'client');
  const totals = await precompress(clientDirectory);
  const kilobytes = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
  console.log(
    `precompressed ${totals.files} files: ${kilobytes(totals.bytes)} → ${kilobytes(totals.brotliBytes)} with brotli`,
  );
}
