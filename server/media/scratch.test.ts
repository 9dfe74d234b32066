import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config.ts';
import { AppError } from '../errors.ts';
import { ScratchSpace, STALE_SCRATCH_MS, scratchSpaceFor } from './scratch.ts';

/** The scratch space of uploads (issue 34): the cap, the leases, the sweep of files left behind. */

const sink = () =>
  new Writable({
    write(_chunk, _encoding, callback) {
      callback();
    },
  });

describe('a scratch space', () => {
  it('counts what is written against its cap, reserved or as it comes, and gives it all back', async () => {
    const space = new ScratchSpace(100);
    const reserved = space.lease();
    expect(reserved.reserve(60)).toBe(true);
    expect(space.lease().reserve(41)).toBe(false);
    // Writing within the reservation takes nothing more.
    await pipeline(Readable.from([Buffer.alloc(30), Buffer.alloc(30)]), reserved.meter(), sink());
    expect(space.usedBytes).toBe(60);

    const streamed = space.lease();
    await pipeline(Readable.from([Buffer.alloc(40)]), streamed.meter(), sink());
    expect(space.usedBytes).toBe(100);
    const refused = pipeline(Readable.from([Buffer.alloc(1)]), space.lease().meter(), sink());
    await expect(refused).rejects.toMatchObject({ code: 'scratch_full', status: 503 });
    await expect(refused).rejects.toBeInstanceOf(AppError);

    reserved.release();
    streamed.release();
    // Twice is once.
    reserved.release();
    expect(space.usedBytes).toBe(0);
  });

  it('is one per data directory and cap, shared by the apps of a process', () => {
    const config = testConfig({ dataDir: '/tmp/bouwsteen-scratch-a', uploadScratchMaxBytes: 1000 });
    expect(scratchSpaceFor(config)).toBe(scratchSpaceFor({ ...config }));
    expect(scratchSpaceFor(config)).not.toBe(
      scratchSpaceFor({ ...config, dataDir: '/tmp/bouwsteen-scratch-b' }),
    );
  });
});

describe('the sweep at start-up', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'bouwsteen-scratch-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('removes scratch files a stopped process left, and leaves uploads in progress alone', async () => {
    const space = scratchSpaceFor(testConfig({ dataDir, uploadScratchMaxBytes: 1024 }));
    const media = path.join(dataDir, 'media', 'tmp');
    const forms = path.join(dataDir, 'form-files', 'tmp');
    await mkdir(media, { recursive: true });
    await mkdir(forms, { recursive: true });
    const old = new Date(Date.now() - STALE_SCRATCH_MS - 60_000);
    for (const file of [path.join(media, 'left.upload'), path.join(forms, 'left.upload')]) {
      await writeFile(file, 'x');
      await utimes(file, old, old);
    }
    await writeFile(path.join(media, 'busy.upload'), 'x');
    await writeFile(path.join(forms, 'notes.txt'), 'x');
    await utimes(path.join(forms, 'notes.txt'), old, old);

    expect(await space.sweep()).toBe(2);
    expect((await readdir(media)).sort()).toEqual(['busy.upload']);
    expect((await readdir(forms)).sort()).toEqual(['notes.txt']);
  });
});
