import { createHash } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ContentChanges, ContentVersionClock } from '../domains/cache.ts';
import { inlineScriptHashes } from './page-cache.ts';
import { makeEntry, matchesEtag, preferredEncoding, ResponseCache } from './public-cache.ts';

const entry = (bytes: number, expiresAt = Number.POSITIVE_INFINITY) =>
  makeEntry({ status: 200, headers: [], body: Buffer.alloc(bytes, 'a'), expiresAt });

describe('the cache of visitors’ responses', () => {
  it('keeps entries up to its byte budget, dropping the least recently used first', async () => {
    const cache = new ResponseCache({ maxBytes: 64 * 1024 });
    const first = await entry(100);
    cache.set('a', '1', first);
    cache.set('b', '1', await entry(100));
    expect(cache.get('a', '1')).toBe(first);
    for (let index = 0; index < 200; index += 1) cache.set(`filler-${index}`, '1', await entry(600));
    expect(cache.bytes).toBeLessThanOrEqual(64 * 1024);
    expect(cache.get('b', '1')).toBeUndefined();
    // One entry larger than an eighth of the budget is never kept: it would push out many others.
    cache.set('huge', '1', await entry(20 * 1024));
    expect(cache.get('huge', '1')).toBeUndefined();
  });

  it('keeps one entry per key: a later content version replaces it, an earlier one never does', async () => {
    const cache = new ResponseCache({ maxBytes: 1024 * 1024 });
    const old = await entry(100);
    const current = await entry(200);
    cache.set('page', '9', old);
    cache.set('page', '10', current);
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(200 + 256);
    expect(cache.get('page', '9')).toBeUndefined();
    expect(cache.get('page', '10')).toBe(current);
    cache.set('page', '9', old);
    expect(cache.get('page', '10')).toBe(current);
  });

  it('stops serving an entry at the end of the minute it was made in', async () => {
    let now = Date.UTC(2026, 10, 23, 12, 0, 30);
    const cache = new ResponseCache({ maxBytes: 1024 * 1024, now: () => now });
    const expiresAt = cache.expiryNow();
    expect(expiresAt).toBe(Date.UTC(2026, 10, 23, 12, 1, 0));
    cache.set('page', '1', await entry(10, expiresAt));
    now += 29_000;
    expect(cache.get('page', '1')).toBeDefined();
    now += 1_000;
    expect(cache.get('page', '1')).toBeUndefined();
    await expect(cache.lookup('page', '1')).resolves.toBeNull();
  });

  it('serves an entry past its minute while one request makes it again, never across a change', async () => {
    let now = Date.UTC(2026, 10, 23, 12, 0, 30);
    const changes = new ContentChanges();
    changes.record('1');
    const cache = new ResponseCache({ maxBytes: 1024 * 1024, now: () => now, changes });
    const old = await entry(10, cache.expiryNow());
    cache.set('page', '1', { ...old, tags: new Set(['page:a']) });
    now += 30_000;
    // The first request after the minute makes the page again.
    const first = await cache.lookupOrClaim('page', '1');
    expect(first.entry).toBeNull();
    // Not the first: the page as it was, at once.
    await expect(cache.lookup('page', '1')).resolves.toMatchObject({ body: old.body });
    // A change to what it was made from: a request that read the new version does not get it; it
    // waits for the render in flight (begun before the change) and then makes its own.
    changes.record('2', [{ version: '2', tags: ['page:a'] }]);
    const waiting = cache.lookupOrClaim('page', '2');
    const made = await entry(20, cache.expiryNow());
    if (first.entry === null) first.settle(made);
    await expect(cache.lookup('page', '1')).resolves.toBe(made);
    await expect(waiting).resolves.toMatchObject({ entry: null });
  });

  it('keeps a brotli copy of what is worth compressing', async () => {
    const small = await entry(100);
    expect(small.br).toBeNull();
    const large = await entry(10_000);
    expect(large.br?.length).toBeLessThan(200);
    expect(large.etag).toMatch(/^"[\w-]{27}"$/);
  });

  it('compresses a new entry quickly and a popular, lasting one again at the best quality', async () => {
    let now = 1_000_000;
    const cache = new ResponseCache({ maxBytes: 1024 * 1024, now: () => now });
    const words = Array.from({ length: 4000 }, (_, index) => `woord${(index * 7919) % 1013}`).join(' ');
    const body = Buffer.from(`<p>${words}</p>`);
    const made = await makeEntry({ status: 200, headers: [], body, expiresAt: Number.POSITIVE_INFINITY });
    const quick = made.br?.length ?? 0;
    expect(brotliDecompressSync(made.br ?? Buffer.alloc(0))).toEqual(body);
    cache.set('page', '1', made);
    // Popular at once, but an edit may replace it any moment: not yet.
    for (let hit = 0; hit < 20; hit += 1) cache.get('page', '1');
    now += 9_000;
    cache.get('page', '1');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(made.br?.length).toBe(quick);
    // Ten seconds on, the next hit has it made again.
    now += 1_000;
    cache.get('page', '1');
    await expect.poll(() => made.br?.length ?? 0).toBeLessThan(quick);
    expect(brotliDecompressSync(made.br ?? Buffer.alloc(0))).toEqual(body);
  });

  it('picks the encoding the client accepts, brotli first, never one it refuses', () => {
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(preferredEncoding('*')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(';;,,q=,br;q=abc')).toBeNull();
    // A members' page is offered as gzip only.
    expect(preferredEncoding('gzip, deflate, br, zstd', ['gzip'])).toBe('gzip');
    expect(preferredEncoding('br', ['gzip'])).toBeNull();
    expect(preferredEncoding('br, *', ['gzip'])).toBe('gzip');
  });

  it('matches If-None-Match strong, weak, listed, quoted or not', () => {
    expect(matchesEtag('"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('W/"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('"x", "abc"', '"abc"')).toBe(true);
    expect(matchesEtag('abc', 'abc')).toBe(true);
    expect(matchesEtag('*', '"abc"')).toBe(true);
    expect(matchesEtag('"abd"', '"abc"')).toBe(false);
    expect(matchesEtag(undefined, '"abc"')).toBe(false);
    expect(matchesEtag('', '"abc"')).toBe(false);
  });

  it('lets concurrent misses of one key wait for the first', async () => {
    const cache = new ResponseCache({ maxBytes: 1024 * 1024 });
    await expect(cache.lookup('page', '1')).resolves.toBeNull();
    const settle = cache.claim('page', '1');
    const waiting = cache.lookup('page', '1');
    const made = await entry(10);
    settle(made);
    await expect(waiting).resolves.toBe(made);
    await expect(cache.lookup('page', '1')).resolves.toBe(made);
    // Not cacheable (settled with nothing): the next request makes its own answer.
    const again = cache.claim('page', '2');
    again(null);
    await expect(cache.lookup('page', '2')).resolves.toBeNull();
  });
});

describe('one render per key at a time', () => {
  it('never serves an earlier version: a request after a change waits for the render in flight', async () => {
    const cache = new ResponseCache({ maxBytes: 1024 * 1024 });
    cache.set('page', '1', await entry(10));
    // The first request after the change (version 2) renders the page …
    await expect(cache.lookup('page', '2')).resolves.toBeNull();
    const settleTwo = cache.claim('page', '2');
    // … the next one waits for that render and gets version 2, not version 1.
    const waiting = cache.lookup('page', '2');
    const two = await entry(10);
    settleTwo(two);
    await expect(waiting).resolves.toBe(two);
  });

  it('makes a page for a later version after the render in flight, not beside it', async () => {
    const cache = new ResponseCache({ maxBytes: 1024 * 1024 });
    const [two, three] = [await entry(10), await entry(10)];
    const settleTwo = cache.claim('page', '2');
    // Version 3 arrives while version 2 renders: wait for that render, then for the next one.
    const forThree = cache.lookup('page', '3');
    settleTwo(two);
    const settleThree = cache.claim('page', '3');
    settleThree(three);
    await expect(forThree).resolves.toBe(three);
  });

  it('lets one of the requests that waited for an earlier render make the new one, the others wait for it (issue 29)', async () => {
    const cache = new ResponseCache({ maxBytes: 1024 * 1024 });
    const [one, two] = [await entry(10), await entry(10)];
    const first = await cache.lookupOrClaim('page', '1');
    if (first.entry) throw new Error('nothing was kept yet');
    // Version 2 arrives while version 1 renders: ten requests wait for that render.
    const waiting = Array.from({ length: 10 }, () => cache.lookupOrClaim('page', '2'));
    first.settle(one);
    // Each request resumes on its own; the first to find nothing in flight claims at once.
    const claims: ((entry: typeof two | null) => void)[] = [];
    const answers = waiting.map((lookup) =>
      lookup.then((found) => {
        if (found.entry) return found.entry;
        claims.push(found.settle);
        return null;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(claims).toHaveLength(1);
    claims[0]?.(two);
    const served = await Promise.all(answers);
    expect(served.filter((answer) => answer === two)).toHaveLength(9);
    await expect(cache.lookup('page', '2')).resolves.toBe(two);
  });
});

describe('a request whose content version lags behind (issue 29)', () => {
  it('gets the entry made for a later version this node read, without a render of its own', async () => {
    const changes = new ContentChanges();
    changes.record('1');
    changes.record('2', [{ version: '2', tags: ['page:a'] }]);
    const cache = new ResponseCache({ maxBytes: 1024 * 1024, changes });
    const two = await entry(10);
    cache.set('page', '2', two);
    // The clock's last read (version 1) while the read of version 2 waits: the newer page, no claim.
    expect(cache.get('page', '1')).toBe(two);
    await expect(cache.lookup('page', '1')).resolves.toBe(two);
    // A render in flight for a later version serves those that wait at an earlier one.
    const settleThree = cache.claim('other', '2');
    const waiting = cache.lookup('other', '1');
    const three = await entry(10);
    settleThree(three);
    await expect(waiting).resolves.toBe(three);
    // A version this node never read is not taken for newer.
    cache.set('unread', '7', await entry(10));
    expect(cache.get('unread', '2')).toBeUndefined();
  });

  it('makes a render for the latest version this node read, so it serves those who read that one', async () => {
    const changes = new ContentChanges();
    changes.record('1');
    changes.record('2', [{ version: '2', tags: ['page:a'] }]);
    changes.record('3', [{ version: '3', tags: ['page:a'] }]);
    const cache = new ResponseCache({ maxBytes: 1024 * 1024, changes });
    // A request that read version 1 (it waited behind an earlier render) renders now, when the
    // database is at 3 at least: those at 3 wait for that render instead of making their own.
    const claimed = await cache.lookupOrClaim('page', '1');
    const waiting = cache.lookupOrClaim('page', '3');
    const made = await entry(10);
    if (claimed.entry === null) claimed.settle(made);
    await expect(waiting).resolves.toEqual({ entry: made });
    expect(cache.get('page', '3')).toBe(made);
  });

  it('never across a restore: an entry of a version from before it may be higher, yet older', async () => {
    const changes = new ContentChanges();
    changes.record('9');
    changes.record('10', [{ version: '10', tags: ['page:a'] }]);
    const cache = new ResponseCache({ maxBytes: 1024 * 1024, changes });
    cache.set('page', '10', await entry(10));
    // The database went back to version 5 (a restore): what was made at 10 is not served at 5.
    changes.record('5');
    expect(cache.get('page', '5')).toBeUndefined();
    // Without a log of changes (no restore can be told apart): only its own version.
    const plain = new ResponseCache({ maxBytes: 1024 * 1024 });
    plain.set('page', '10', await entry(10));
    expect(plain.get('page', '9')).toBeUndefined();
  });
});

describe('inline scripts of a cached page', () => {
  it('are named by the SHA-256 of their exact text; scripts with src are not', () => {
    const html =
      '<script nonce="x">window.a=1</script><script type="module" src="/assets/a.js"></script>' +
      '<SCRIPT>\nconsole.log("b")\n</SCRIPT><script nonce="x">window.a=1</script>';
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([sha('window.a=1'), sha('\nconsole.log("b")\n')]);
  });
});

describe('the content version clock', () => {
  it('reads once per max age however many ask, and afresh after a write on this node', async () => {
    let now = 0;
    let reads = 0;
    let version = 1;
    const clock = new ContentVersionClock(
      async () => {
        reads += 1;
        return String(version);
      },
      { maxAgeMs: 50, now: () => now },
    );
    expect(await Promise.all([clock.current(), clock.current(), clock.current()])).toEqual(['1', '1', '1']);
    expect(reads).toBe(1);
    version = 2;
    now = 49;
    expect(await clock.current()).toBe('1');
    now = 50;
    expect(await clock.current()).toBe('2');
    expect(reads).toBe(2);
    version = 3;
    clock.invalidate();
    expect(await clock.current()).toBe('3');
    expect(reads).toBe(3);
  });

  it('does not keep a read that started before a write on this node', async () => {
    const answers: ((value: string) => void)[] = [];
    const clock = new ContentVersionClock(() => new Promise<string>((resolve) => answers.push(resolve)), {
      maxAgeMs: 1_000,
    });
    const early = clock.current();
    clock.invalidate();
    const late = clock.current();
    answers[1]?.('8');
    answers[0]?.('7');
    expect(await early).toBe('7');
    expect(await late).toBe('8');
    expect(await clock.current()).toBe('8');
  });

  it('gives a visitor lookup the last version when the database is slow, and the new one when it answers', async () => {
    let answer: (value: string) => void = () => {};
    let slow = false;
    const clock = new ContentVersionClock(
      () => (slow ? new Promise<string>((resolve) => (answer = resolve)) : Promise.resolve('1')),
      { maxAgeMs: 0 },
    );
    await expect(clock.current({ maxWaitMs: 20 })).resolves.toBe('1');
    slow = true;
    clock.invalidate();
    // The read waits behind other work: after 20 ms the lookup goes on with the last version …
    await expect(clock.current({ maxWaitMs: 20 })).resolves.toBe('1');
    // … while a caller that must see its own write waits for the read.
    const writer = clock.current();
    answer('2');
    await expect(writer).resolves.toBe('2');
  });

  it('tries again after a failed read', async () => {
    let fail = true;
    const clock = new ContentVersionClock(
      async () => {
        if (fail) throw new Error('database gone');
        return '5';
      },
      { maxAgeMs: 1_000 },
    );
    await expect(clock.current()).rejects.toThrow('database gone');
    fail = false;
    expect(await clock.current()).toBe('5');
  });
});
