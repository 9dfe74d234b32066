import { isIPv6 } from 'node:net';
import { AppError } from '../errors.ts';

/**
 * The admission gate in front of image transforms (issue 9). Only work that has to be done waits
 * here: a cached variant never comes near it, and requests for a variant already being computed
 * share that computation without taking a place.
 */
export type AdmissionLimits = {
  /** Transforms running at once; each takes one libuv thread, so keep it below UV_THREADPOOL_SIZE (4). */
  concurrency: number;
  /** Transforms waiting for a turn, all clients together; beyond that a request is refused at once. */
  queueLimit: number;
  /** Transforms one client may have running or waiting, so that one client cannot fill the queue. */
  perClient: number;
  /** The longest wait for a turn; then the request is refused rather than kept hanging. */
  waitTimeoutMs: number;
};

/** What the gate is doing: transforms running and waiting. */
export type AdmissionState = { running: number; waiting: number };

export type RefusalReason = 'queue_full' | 'client_limit' | 'wait_timeout' | 'time_limit';

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

type Waiter = { start: () => void; timer: NodeJS.Timeout };

/**
 * A counting semaphore with a bounded, fair queue. Waiting requests are grouped per client and the
 * next free slot goes to the clients in turn (round robin), not in arrival order: a client with
 * many queued transforms gets one of them started per round, like every other waiting client, so a
 * newcomer waits for one transform per waiting client rather than behind the whole queue.
 */
export class AdmissionGate {
  readonly #limits: AdmissionLimits;
  readonly #state: AdmissionState = { running: 0, waiting: 0 };
  /** Where the changes are also counted (process-wide figures: several gates add up there). */
  readonly #sink: AdmissionState | undefined;
  /** Per client, its waiters in arrival order; the map's order is the clients' turn order. */
  readonly #queues = new Map<string, Waiter[]>();
  /** Per client, its transforms running or waiting. */
  readonly #load = new Map<string, number>();

  constructor(limits: AdmissionLimits, sink?: AdmissionState) {
    this.#limits = {
      concurrency: Math.max(1, limits.concurrency),
      queueLimit: Math.max(0, limits.queueLimit),
      perClient: Math.max(1, limits.perClient),
      waitTimeoutMs: Math.max(1, limits.waitTimeoutMs),
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

  /** Runs `task` for `client` when a slot is free; throws TransformUnavailable when it cannot. */
  async run<T>(client: string, task: () => Promise<T>): Promise<T> {
    const load = this.#load.get(client) ?? 0;
    if (load >= this.#limits.perClient) throw this.#refuse('client_limit');
    if (this.#state.running < this.#limits.concurrency) {
      this.#count('running', 1);
      this.#load.set(client, load + 1);
    } else {
      if (this.#state.waiting >= this.#limits.queueLimit) throw this.#refuse('queue_full');
      this.#load.set(client, load + 1);
      await this.#wait(client);
    }
    try {
      return await task();
    } finally {
      this.#release(client);
    }
  }

  #wait(client: string): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: resolve,
        timer: setTimeout(() => {
          const queue = this.#queues.get(client);
          const index = queue?.indexOf(waiter) ?? -1;
          if (!queue || index < 0) return;
          queue.splice(index, 1);
          if (queue.length === 0) this.#queues.delete(client);
          this.#count('waiting', -1);
          this.#unload(client);
          reject(this.#refuse('wait_timeout'));
        }, this.#limits.waitTimeoutMs),
      };
      // A waiting transform must not keep the process alive on shutdown.
      waiter.timer.unref();
      const queue = this.#queues.get(client);
      if (queue) queue.push(waiter);
      else this.#queues.set(client, [waiter]);
      this.#count('waiting', 1);
    });
  }

  #release(client: string): void {
    this.#unload(client);
    const first = this.#queues.entries().next();
    if (first.done) {
      this.#count('running', -1);
      return;
    }
    const [next, queue] = first.value;
    const waiter = queue.shift();
    // The served client goes to the back of the turn order; the slot passes on without being freed.
    this.#queues.delete(next);
    if (queue.length > 0) this.#queues.set(next, queue);
    if (!waiter) {
      this.#count('running', -1);
      return;
    }
    clearTimeout(waiter.timer);
    this.#count('waiting', -1);
    waiter.start();
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

  #refuse(reason: RefusalReason): TransformUnavailable {
    return new TransformUnavailable(reason, this.retryAfterSeconds);
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
