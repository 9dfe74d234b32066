import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AdmissionGate,
  type AdmissionLimits,
  RefusalLog,
  TransformUnavailable,
  transformClient,
} from './admission.ts';

/** A task that runs until the test lets it finish. */
function heldTask(log: string[], name: string) {
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    finish: () => finish(),
    task: async () => {
      log.push(`start ${name}`);
      await done;
      return name;
    },
  };
}

/** A task that logs its name and is done. */
function logged(log: string[], name: string) {
  return async () => {
    log.push(name);
    return name;
  };
}

function gate(limits: Partial<AdmissionLimits> = {}) {
  return new AdmissionGate({ concurrency: 1, queueLimit: 10, perClient: 10, waitTimeoutMs: 1000, ...limits });
}

/** Lets promise callbacks run (the gate hands slots over in microtasks). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

async function refusal(promise: Promise<unknown>): Promise<TransformUnavailable> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof TransformUnavailable)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('AdmissionGate', () => {
  it('runs at most `concurrency` tasks and starts the next when one finishes', async () => {
    const log: string[] = [];
    const gates = gate({ concurrency: 2 });
    const [a, b, c] = [heldTask(log, 'a'), heldTask(log, 'b'), heldTask(log, 'c')];
    const results = [gates.run('x', a.task), gates.run('y', b.task), gates.run('z', c.task)];
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    expect(gates.state).toEqual({ running: 2, waiting: 1 });
    a.finish();
    await settle();
    expect(log).toEqual(['start a', 'start b', 'start c']);
    b.finish();
    c.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c']);
    expect(gates.state).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses at once when the queue is full, with Retry-After from the wait timeout', async () => {
    const log: string[] = [];
    const gates = gate({ queueLimit: 1, waitTimeoutMs: 2500 });
    const running = heldTask(log, 'running');
    const queued = heldTask(log, 'queued');
    const first = gates.run('x', running.task);
    const second = gates.run('y', queued.task);
    const refused = await refusal(gates.run('z', async () => 'never'));
    expect(refused).toMatchObject({ reason: 'queue_full', retryAfterSeconds: 3, status: 503 });
    expect(refused.code).toBe('service_unavailable');
    running.finish();
    queued.finish();
    expect(await Promise.all([first, second])).toEqual(['running', 'queued']);
  });

  it('bounds one client’s running and waiting tasks while others still get in', async () => {
    const log: string[] = [];
    const gates = gate({ perClient: 2 });
    const [first, second, other] = [heldTask(log, 'x1'), heldTask(log, 'x2'), heldTask(log, 'y1')];
    const x1 = gates.run('x', first.task);
    const x2 = gates.run('x', second.task);
    expect(await refusal(gates.run('x', async () => 'x3'))).toMatchObject({ reason: 'client_limit' });
    const y1 = gates.run('y', other.task);
    expect(gates.state).toEqual({ running: 1, waiting: 2 });
    for (const task of [first, second, other]) task.finish();
    expect(await Promise.all([x1, x2, y1])).toEqual(['x1', 'x2', 'y1']);
    // Finished tasks no longer count: the client may ask again.
    expect(await gates.run('x', async () => 'again')).toBe('again');
  });

  it('gives free slots to the waiting clients in turn, not in arrival order', async () => {
    const log: string[] = [];
    const gates = gate();
    const holder = heldTask(log, 'holder');
    const all = [gates.run('h', holder.task)];
    for (const name of ['x1', 'x2', 'x3']) all.push(gates.run('x', logged(log, name)));
    all.push(gates.run('y', logged(log, 'y1')));
    await settle();
    holder.finish();
    await Promise.all(all);
    expect(log).toEqual(['start holder', 'x1', 'y1', 'x2', 'x3']);
  });

  it('refuses a request that waited past the timeout, and forgets it', async () => {
    vi.useFakeTimers();
    const log: string[] = [];
    const gates = gate({ waitTimeoutMs: 500 });
    const running = heldTask(log, 'running');
    const first = gates.run('x', running.task);
    const waiting = refusal(gates.run('y', async () => 'late'));
    vi.advanceTimersByTime(499);
    expect(gates.state).toEqual({ running: 1, waiting: 1 });
    vi.advanceTimersByTime(1);
    expect(await waiting).toMatchObject({ reason: 'wait_timeout', retryAfterSeconds: 1 });
    expect(gates.state).toEqual({ running: 1, waiting: 0 });
    running.finish();
    expect(await first).toBe('running');
    expect(gates.state).toEqual({ running: 0, waiting: 0 });
    // The timed-out request's client is not counted any more either.
    expect(await gates.run('y', async () => 'now')).toBe('now');
  });

  it('frees the slot when a task fails', async () => {
    const gates = gate();
    await expect(gates.run('x', async () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(gates.state).toEqual({ running: 0, waiting: 0 });
    expect(await gates.run('x', async () => 'next')).toBe('next');
  });

  it('adds its figures into a shared sink without letting another gate’s count decide for it', async () => {
    const log: string[] = [];
    const sink = { running: 0, waiting: 0 };
    const one = new AdmissionGate({ concurrency: 1, queueLimit: 1, perClient: 5, waitTimeoutMs: 1000 }, sink);
    const two = new AdmissionGate({ concurrency: 1, queueLimit: 1, perClient: 5, waitTimeoutMs: 1000 }, sink);
    const [a, b] = [heldTask(log, 'a'), heldTask(log, 'b')];
    const runs = [one.run('x', a.task), two.run('x', b.task)];
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    expect(sink).toEqual({ running: 2, waiting: 0 });
    a.finish();
    b.finish();
    await Promise.all(runs);
    expect(sink).toEqual({ running: 0, waiting: 0 });
  });

  it('with no queue, refuses whatever finds every slot taken', async () => {
    const log: string[] = [];
    const gates = gate({ queueLimit: 0 });
    const running = heldTask(log, 'running');
    const first = gates.run('x', running.task);
    expect(await refusal(gates.run('y', async () => 'y'))).toMatchObject({ reason: 'queue_full' });
    running.finish();
    await first;
  });
});

describe('AdmissionGate: the site’s lane and fair shares (issue 34)', () => {
  it('keeps a reserved slot for the site’s variants that other transforms never take', async () => {
    const log: string[] = [];
    const gates = gate({ concurrency: 2, queueLimit: 4, perClient: 1 });
    const others = [heldTask(log, 'o1'), heldTask(log, 'o2'), heldTask(log, 'o3')];
    const runs = others.map((other, index) => gates.run(`c${index}`, other.task));
    await settle();
    expect(log).toEqual(['start o1', 'start o2']);
    const site = heldTask(log, 's1');
    const siteRun = gates.run('visitor', site.task, 'site');
    await settle();
    // The third slot is the site's: o3 waits although a slot is free.
    expect(log).toEqual(['start o1', 'start o2', 'start s1']);
    expect(gates.state).toEqual({ running: 3, waiting: 1 });
    site.finish();
    expect(await siteRun).toBe('s1');
    await settle();
    expect(log).not.toContain('start o3');
    for (const other of others) other.finish();
    expect(await Promise.all(runs)).toEqual(['o1', 'o2', 'o3']);
  });

  it('serves waiting site variants before other waiting transforms, and never refuses them for a share or a full queue', async () => {
    const log: string[] = [];
    const gates = gate({ concurrency: 1, queueLimit: 1, perClient: 1, reserved: 0 });
    const holder = heldTask(log, 'holder');
    const all: Promise<string>[] = [gates.run('h', holder.task)];
    all.push(gates.run('x', logged(log, 'other')));
    // One client, many site variants, over any per-client or queue limit.
    for (const name of ['s1', 's2', 's3']) all.push(gates.run('visitor', logged(log, name), 'site'));
    expect(gates.state).toEqual({ running: 1, waiting: 4 });
    holder.finish();
    await Promise.all(all);
    expect(log).toEqual(['start holder', 's1', 's2', 's3', 'other']);
  });

  it('gives a client with fewer waiting the newest place of the client with the most when the queue is full', async () => {
    const log: string[] = [];
    const gates = gate({ concurrency: 1, queueLimit: 3, perClient: 5 });
    const holder = heldTask(log, 'holder');
    const running = gates.run('h', holder.task);
    const x = ['x1', 'x2', 'x3'].map((name) => gates.run('x', logged(log, name)));
    const x3 = refusal(x[2] as Promise<string>);
    const y1 = gates.run('y', logged(log, 'y1'));
    expect(await x3).toMatchObject({ reason: 'fair_share', status: 503 });
    // Now x has two waiting and y one: y's second would leave x one and y two, no fairer.
    expect(await refusal(gates.run('y', async () => 'y2'))).toMatchObject({ reason: 'queue_full' });
    // A third client still takes x's newest place.
    const x2 = refusal(x[1] as Promise<string>);
    const z1 = gates.run('z', logged(log, 'z1'));
    expect(await x2).toMatchObject({ reason: 'fair_share' });
    expect(gates.state).toEqual({ running: 1, waiting: 3 });
    holder.finish();
    expect(await Promise.all([running, x[0], y1, z1])).toEqual(['holder', 'x1', 'y1', 'z1']);
    expect(gates.state).toEqual({ running: 0, waiting: 0 });
    // The refused ones no longer count against x.
    expect(await gates.run('x', async () => 'again')).toBe('again');
  });
});

describe('RefusalLog', () => {
  it('writes one line per interval with the count of refusals, and nothing for a quiet interval', () => {
    vi.useFakeTimers();
    const written: unknown[] = [];
    const refusals = new RefusalLog((counts) => written.push(counts), 60_000);
    for (let index = 0; index < 500; index += 1) refusals.note('queue_full');
    refusals.note('fair_share');
    expect(written).toEqual([]);
    vi.advanceTimersByTime(60_000);
    expect(written).toEqual([{ refused: 501, reasons: { queue_full: 500, fair_share: 1 } }]);
    vi.advanceTimersByTime(600_000);
    expect(written).toHaveLength(1);
    refusals.note('wait_timeout');
    vi.advanceTimersByTime(30_000);
    refusals.flush();
    expect(written).toEqual([
      { refused: 501, reasons: { queue_full: 500, fair_share: 1 } },
      { refused: 1, reasons: { wait_timeout: 1 } },
    ]);
    refusals.flush();
    expect(written).toHaveLength(2);
  });
});

describe('transformClient', () => {
  it('counts a signed-in user as the user, wherever they come from', () => {
    expect(transformClient('u1', '192.0.2.1')).toBe('user:u1');
    expect(transformClient('u1', '198.51.100.7')).toBe('user:u1');
  });

  it('counts an anonymous IPv4 client by its address', () => {
    expect(transformClient(null, '192.0.2.1')).toBe('ip:192.0.2.1');
    expect(transformClient(undefined, '::ffff:192.0.2.1')).toBe('ip:::ffff:192.0.2.1');
  });

  it('counts an anonymous IPv6 client by its /64, however it writes the address', () => {
    const client = transformClient(null, '2001:db8:1:2::1');
    expect(client).toBe('ip:2001:db8:1:2::/64');
    expect(transformClient(null, '2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe(client);
    expect(transformClient(null, '2001:db8:1:2:abcd::')).toBe(client);
    expect(transformClient(null, '2001:db8:1:3::1')).not.toBe(client);
    expect(transformClient(null, '::1')).toBe('ip:0:0:0:0::/64');
  });
});
