import { describe, expect, it } from 'vitest';
import { LoadShedder } from './overload.ts';

/** A shedder on a clock the test moves: target 3 s, decided every second, from 4 reads in flight. */
function shedderAt() {
  const clock = { now: 0 };
  const shedder = new LoadShedder({ targetMs: 3_000, minInFlight: 4, now: () => clock.now });
  return { clock, shedder };
}

describe('overload: refusing reads while a queue stands (issue 29)', () => {
  it('lets everything in while reads are answered within the target', () => {
    const { clock, shedder } = shedderAt();
    for (let second = 0; second < 5; second += 1) {
      const reads = Array.from({ length: 10 }, () => ({}));
      for (const read of reads) expect(shedder.admit(read, clock.now)).toBe(true);
      clock.now += 1_000;
      for (const read of reads) shedder.finished(read, true);
    }
    expect(shedder.refused).toBe(0);
  });

  it('refuses new reads once even the quickest answer of a second waited longer than the target', () => {
    const { clock, shedder } = shedderAt();
    const waiting = Array.from({ length: 10 }, () => ({}));
    for (const read of waiting) shedder.admit(read, clock.now);
    clock.now += 3_500;
    for (const read of waiting.slice(0, 5)) shedder.finished(read, true); // each waited 3.5 s
    clock.now += 1_000; // the second is decided: a standing queue
    expect(shedder.admit({}, clock.now)).toBe(false);
    expect(shedder.admit({}, clock.now)).toBe(false);
    expect(shedder.refused).toBe(2);
    expect(shedder.retryAfterSeconds).toBe(3);
    // The queue drains (nothing new was let in); once the reads in hand are answered, reads come in.
    for (const read of waiting.slice(5)) shedder.finished(read, true);
    clock.now += 1_000;
    expect(shedder.admit({}, clock.now)).toBe(true);
  });

  it('does not call one slow answer among quick ones a queue', () => {
    const { clock, shedder } = shedderAt();
    const slow = {};
    shedder.admit(slow, clock.now);
    clock.now += 5_000;
    const quick = Array.from({ length: 6 }, () => ({}));
    for (const read of quick) shedder.admit(read, clock.now);
    clock.now += 100;
    for (const read of quick) shedder.finished(read, true);
    shedder.finished(slow, true);
    clock.now += 1_000;
    expect(shedder.admit({}, clock.now)).toBe(true);
  });

  it('sees a queue that answers nothing by the oldest read still waiting', () => {
    const { clock, shedder } = shedderAt();
    for (let index = 0; index < 6; index += 1) shedder.admit({}, clock.now);
    clock.now += 4_000;
    expect(shedder.admit({}, clock.now)).toBe(false);
  });

  it('never refuses while fewer reads than the minimum are in hand (one slow render is no overload)', () => {
    const { clock, shedder } = shedderAt();
    const reads = [{}, {}];
    for (const read of reads) shedder.admit(read, clock.now);
    clock.now += 10_000;
    shedder.finished(reads[0] as object, true);
    clock.now += 1_000;
    expect(shedder.admit({}, clock.now)).toBe(true); // 2 in hand, under 4
  });

  it('does not measure answers that came from a cache, and forgets reads it never let in', () => {
    const { clock, shedder } = shedderAt();
    const reads = Array.from({ length: 6 }, () => ({}));
    for (const read of reads) shedder.admit(read, clock.now);
    clock.now += 5_000;
    for (const read of reads) shedder.finished(read, false); // hits after waiting for a render
    shedder.finished({}, true); // never admitted: ignored
    clock.now += 1_000;
    expect(shedder.inFlight).toBe(0);
    expect(shedder.admit({}, clock.now)).toBe(true);
  });

  it('lets a refill of a kept answer in under overload, up to the minimum of reads at once', () => {
    const { clock, shedder } = shedderAt();
    for (let index = 0; index < 6; index += 1) shedder.admit({}, clock.now);
    clock.now += 4_000;
    expect(shedder.admit({}, clock.now)).toBe(false);
    const refills = Array.from({ length: 4 }, () => ({}));
    for (const read of refills) expect(shedder.admit(read, clock.now, true)).toBe(true);
    expect(shedder.admit({}, clock.now, true)).toBe(false); // 4 refills in hand already
    shedder.finished(refills[0] as object, true);
    expect(shedder.admit({}, clock.now, true)).toBe(true);
    expect(shedder.refused).toBe(2);
  });

  it('refuses nothing when turned off (OVERLOAD_WAIT_SECONDS=0)', () => {
    const clock = { now: 0 };
    const shedder = new LoadShedder({ targetMs: 0, minInFlight: 0, now: () => clock.now });
    for (let index = 0; index < 100; index += 1) shedder.admit({}, clock.now);
    clock.now += 60_000;
    expect(shedder.admit({}, clock.now)).toBe(true);
    expect(shedder.inFlight).toBe(0);
  });
});
