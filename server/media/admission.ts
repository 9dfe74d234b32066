import { isIPv6 } from 'node:net';
import { AppError } from '../errors.ts';

/**
 * The admission gate in front of image transforms (issues 9 and 34). Only work that has to be done
 * waits here: a cached variant never comes near it, and requests for a variant already being
 * computed share that computation without taking a place.
 *
 * Two lanes. The site's own variants (the widths and crops its pages link to, `isSiteVariant` in
 * plan.ts) are the `site` lane: never refused for a client's share or a full queue, served before
 * any other waiting transform, and with `reserved` slots of their own that other transforms never
 * take, so a visitor's page images are made however many clients ask for other sizes. The lane is
 * bounded by what exists: one computation per variant (single flight), a handful of variants per
 * image. Everything else is the `other` lane, where each client gets a fair share before the global
 * queue: at most `perClient` running or waiting, and when the queue is full a client with fewer
 * waiting takes the place of the newest waiter of the client with the most.
 */
export type AdmissionLimits = {
  /**
   * Transforms of the `other` lane running at once; each takes one libuv thread, so keep it (plus
   * `reserved`) below UV_THREADPOOL_SIZE (4).
   */
  concurrency: number;
  /** Transforms of the `other` lane waiting for a turn, all clients together. */
  queueLimit: number;
  /** Transforms of the `other` lane one client may have running or waiting. */
  perClient: number;
  /** The longest wait for a turn, in either lane; then the request is refused rather than kept hanging. */
  waitTimeoutMs: number;
  /** Slots beyond `concurrency` that only the site's own variants use (default 1). */
  reserved?: number;
};

/** `site`: a variant the site's own pages link to; `other`: any other size, quality or format. */
export type Lane = 'site' | 'other';

/** What the gate is doing: transforms running and waiting (both lanes). */
export type AdmissionState = { running: number; waiting: number };

export type RefusalReason = 'queue_full' | 'client_limit' | 'fair_share' | 'wait_timeout' | 'time_limit';

/**
 * A transform that was not done now: 503 `service_unavailable` with Retry-After. It is an AppError,
 * so a caller that does not set the header still answers 503 rather than 500.
 */
export class TransformUnavailable extends AppError {
  readonly reason: RefusalReason;
  readonly retryAfterSeconds: number;

  constructor(reason: RefusalReason, retryAfterSeconds: number) {
    super('service_unavailable', `image transform not done now (${reason})`);
    this.reason = reason;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

type Waiter = {
  client: string;
  start: () => void;
  refuse: (reason: RefusalReason) => void;
  timer: NodeJS.Timeout;
};

/**
 * Waiting requests of one lane, grouped per client; the next turn goes to the clients in turn
 * (round robin), not in arrival order: a client with many queued transforms gets one of them
 * started per round, like every other waiting client, so a newcomer waits for one transform per
 * waiting client rather than behind the whole queue.
 */
class FairQueue {
  /** Per client, its waiters in arrival order; the map's order is the clients' turn order. */
  readonly #queues = new Map<string, Waiter[]>();
  size = 0;

  push(waiter: Waiter): void {
    const queue = this.#queues.get(waiter.client);
    if (queue) queue.push(waiter);
    else this.#queues.set(waiter.client, [waiter]);
    this.size += 1;
  }

  /** The next client's first waiter; that client goes to the back of the turn order. */
  shift(): Waiter | undefined {
    const first = this.#queues.entries().next();
    if (first.done) return undefined;
    const [client, queue] = first.value;
    const waiter = queue.shift();
    this.#queues.delete(client);
    if (queue.length > 0) this.#queues.set(client, queue);
    if (waiter) this.size -= 1;
    return waiter;
  }

  remove(waiter: Waiter): boolean {
    const queue = this.#queues.get(waiter.client);
    const index = queue?.indexOf(waiter) ?? -1;
    if (!queue || index < 0) return false;
    queue.splice(index, 1);
    if (queue.length === 0) this.#queues.delete(waiter.client);
    this.size -= 1;
    return true;
  }

  waitingOf(client: string): number {
    return this.#queues.get(client)?.length ?? 0;
  }

  /** The newest waiter of the client with the most waiting (the first such client on a tie). */
  newestOfLargest(): Waiter | undefined {
    let largest: Waiter[] | undefined;
    for (const queue of this.#queues.values()) {
      if (!largest || queue.length > largest.length) largest = queue;
    }
    return largest?.at(-1);
  }
}

/** A counting semaphore with two bounded, fair queues (the lanes above). */
export class AdmissionGate {
  readonly #limits: Required<AdmissionLimits>;
  readonly #state: AdmissionState = { running: 0, waiting: 0 };
  /** Where the changes are also counted (process-wide figures: several gates add up there). */
  readonly #sink: AdmissionState | undefined;
  readonly #site = new FairQueue();
  readonly #other = new FairQueue();
  /** Transforms of the `other` lane running (they may not take the reserved slots). */
  #runningOther = 0;
  /** Per client, its `other` transforms running or waiting. */
  readonly #load = new Map<string, number>();

  constructor(limits: AdmissionLimits, sink?: AdmissionState) {
    this.#limits = {
      concurrency: Math.max(1, limits.concurrency),
      queueLimit: Math.max(0, limits.queueLimit),
      perClient: Math.max(1, limits.perClient),
      waitTimeoutMs: Math.max(1, limits.waitTimeoutMs),
      reserved: Math.max(0, limits.reserved ?? 1),
    };
    this.#sink = sink;
  }

  /**
   * Seconds a refused client should wait: by then everything queued now has started or given up,
   * so the same request finds room unless the load continues.
   */
  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.#limits.waitTimeoutMs / 1000));
  }

  get state(): Readonly<AdmissionState> {
    return { ...this.#state };
  }

  /** Runs `task` for `client` in `lane` when a slot is free; throws TransformUnavailable when it cannot. */
  async run<T>(client: string, task: () => Promise<T>, lane: Lane = 'other'): Promise<T> {
    if (lane === 'other') {
      const load = this.#load.get(client) ?? 0;
      if (load >= this.#limits.perClient) throw this.#refusal('client_limit');
      if (!this.#canStart('other') && this.#other.size >= this.#limits.queueLimit) this.#makeRoom(client);
      this.#load.set(client, load + 1);
    }
    if (this.#canStart(lane)) this.#started(lane);
    else {
      try {
        await this.#wait(client, lane);
      } catch (error) {
        if (lane === 'other') this.#unload(client);
        throw error;
      }
    }
    try {
      return await task();
    } finally {
      if (lane === 'other') this.#unload(client);
      this.#finished(lane);
    }
  }

  /** Whether a transform of `lane` may start now; the site's lane goes first to any free slot. */
  #canStart(lane: Lane): boolean {
    const { concurrency, reserved } = this.#limits;
    if (this.#state.running >= concurrency + reserved) return false;
    if (lane === 'site') return true;
    return this.#runningOther < concurrency && this.#site.size === 0;
  }

  /**
   * The `other` queue is full: a client with fewer waiting than the client with the most takes the
   * place of that client's newest waiter (refused `fair_share`); otherwise it is refused itself.
   */
  #makeRoom(client: string): void {
    const victim = this.#other.newestOfLargest();
    if (!victim || this.#other.waitingOf(victim.client) <= this.#other.waitingOf(client) + 1) {
      throw this.#refusal('queue_full');
    }
    this.#other.remove(victim);
    this.#count('waiting', -1);
    victim.refuse('fair_share');
  }

  #wait(client: string, lane: Lane): Promise<void> {
    const queue = lane === 'site' ? this.#site : this.#other;
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        client,
        start: resolve,
        refuse: (reason) => {
          clearTimeout(waiter.timer);
          reject(this.#refusal(reason));
        },
        timer: setTimeout(() => {
          if (!queue.remove(waiter)) return;
          this.#count('waiting', -1);
          reject(this.#refusal('wait_timeout'));
        }, this.#limits.waitTimeoutMs),
      };
      // A waiting transform must not keep the process alive on shutdown.
      waiter.timer.unref();
      queue.push(waiter);
      this.#count('waiting', 1);
    });
  }

  #started(lane: Lane): void {
    this.#count('running', 1);
    if (lane === 'other') this.#runningOther += 1;
  }

  #finished(lane: Lane): void {
    this.#count('running', -1);
    if (lane === 'other') this.#runningOther -= 1;
    this.#dispatch();
  }

  /** Hands free slots to waiters: the site's lane first, then the others while they may run. */
  #dispatch(): void {
    for (;;) {
      const lane: Lane | undefined =
        this.#site.size > 0 && this.#canStart('site')
          ? 'site'
          : this.#other.size > 0 && this.#canStart('other')
            ? 'other'
            : undefined;
      const waiter =
        lane === 'site' ? this.#site.shift() : lane === 'other' ? this.#other.shift() : undefined;
      if (!lane || !waiter) return;
      clearTimeout(waiter.timer);
      this.#count('waiting', -1);
      this.#started(lane);
      waiter.start();
    }
  }

  #count(what: keyof AdmissionState, change: number): void {
    this.#state[what] += change;
    if (this.#sink) this.#sink[what] += change;
  }

  #unload(client: string): void {
    const load = (this.#load.get(client) ?? 1) - 1;
    if (load > 0) this.#load.set(client, load);
    else this.#load.delete(client);
  }

  #refusal(reason: RefusalReason): TransformUnavailable {
    return new TransformUnavailable(reason, this.retryAfterSeconds);
  }
}

/**
 * Refusals counted per interval and logged as one warn line with the count (issue 34: one error
 * line per refusal wrote 7,203 lines a minute under a burst). The first refusal starts an interval;
 * at its end the counts are written and reset. `flush` writes what is counted now (on shutdown).
 */
export class RefusalLog {
  readonly #write: (counts: { refused: number; reasons: Partial<Record<RefusalReason, number>> }) => void;
  readonly #intervalMs: number;
  #reasons: Partial<Record<RefusalReason, number>> = {};
  #refused = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    write: (counts: { refused: number; reasons: Partial<Record<RefusalReason, number>> }) => void,
    intervalMs: number,
  ) {
    this.#write = write;
    this.#intervalMs = intervalMs;
  }

  note(reason: RefusalReason): void {
    this.#refused += 1;
    this.#reasons[reason] = (this.#reasons[reason] ?? 0) + 1;
    if (this.#timer) return;
    this.#timer = setTimeout(() => this.flush(), this.#intervalMs);
    this.#timer.unref();
  }

  flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#refused === 0) return;
    const counts = { refused: this.#refused, reasons: this.#reasons };
    this.#refused = 0;
    this.#reasons = {};
    this.#write(counts);
  }
}

/**
 * Who a transform is counted against: the signed-in user, else the address. An IPv6 client usually
 * holds a whole /64, so its first four groups are the client; otherwise one machine could count as
 * billions of clients.
 */
export function transformClient(userId: string | null | undefined, ip: string): string {
  if (userId) return `user:${userId}`;
  if (!isIPv6(ip) || /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip)) return `ip:${ip}`;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  const prefix = groups.slice(0, 4).map((group) => Number.parseInt(group || '0', 16).toString(16));
  return `ip:${prefix.join(':')}::/64`;
}
