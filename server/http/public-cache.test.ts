import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ContentVersionClock } from '../domains/cache.ts';
import { inlineScriptHashes } from './page-cache.ts';
import { makeEntry, matchesEtag, preferredEncoding, ResponseCache } from './public-cache.ts';

const entry = (bytes: number, expiresAt = Number.POSITIVE_INFINITY) =>
  makeEntry({ status: 200, headers: [], body: Buffer.alloc(bytes, 'a'), expiresAt });

describe('the cache of visitors’ responses', () => {
  it('keeps entries up to its byte budget, dropping the least recently used first', async () => {
    const cache = new ResponseCache({ maxBytes: 64 * 1024 });
    const first = await entry(100);
    cache.set('a', first);
    cache.set('b', await entry(100));
    expect(cache.get('a')).toBe(first);
    for (let index = 0; index < 200; index += 1) cache.set(`filler-${index}`, await entry(600));
    expect(cache.bytes).toBeLessThanOrEqual(64 * 1024);
    expect(cache.get('b')).toBeUndefined();
    // One entry larger than an eighth of the budget is never kept: it would push out many others.
    cache.set('huge', await entry(20 * 1024));
    expect(cache.get('huge')).toBeUndefined();
  });

  it('stops serving an entry at the end of the minute it was made in', async () => {
    let now = Date.UTC(2026, 10, 23, 12, 0, 30);
    const cache = new ResponseCache({ maxBytes: 1024 * 1024, now: () => now });
    const expiresAt = cache.expiryNow();
    expect(expiresAt).toBe(Date.UTC(2026, 10, 23, 12, 1, 0));
    cache.set('page', await entry(10, expiresAt));
    now += 29_000;
    expect(cache.get('page')).toBeDefined();
    now += 1_000;
    expect(cache.get('page')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps brotli and gzip copies of what is worth compressing', async () => {
    const small = await entry(100);
    expect(small.br).toBeNull();
    const large = await entry(10_000);
    expect(large.br?.length).toBeLessThan(200);
    expect(large.gzip?.length).toBeLessThan(200);
    expect(large.etag).toMatch(/^"[\w-]{27}"$/);
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
    let settle: (value: Awaited<ReturnType<typeof entry>> | null) => void = () => {};
    cache.track('page', new Promise((resolve) => (settle = resolve)));
    const waiting = cache.pending('page');
    expect(waiting).toBeDefined();
    const made = await entry(10);
    settle(made);
    expect(await waiting).toBe(made);
    await Promise.resolve();
    expect(cache.pending('page')).toBeUndefined();
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
