import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { FastifyInstance } from 'fastify';

/**
 * A node that has gone quiet gives back what its last busy spell left (issue 28, the memory
 * plateau). After heavy load V8 keeps a heap of up to some hundreds of MB until its next full
 * collection, and an idle node allocates too little to trigger one: its resident size then says
 * more about when V8 last collected than about what the node keeps. So once no request has come
 * for IDLE_COLLECTION_SECONDS after some came, the node runs one full collection (a fraction of a
 * second, with no request waiting) and then waits for the next busy spell.
 */
export type IdleCollection = {
  /** Full collections run so far (for tests and the metrics). */
  readonly runs: number;
  /** Check now instead of at the next tick (tests). */
  check(now?: number): void;
};

export function registerIdleCollection(app: FastifyInstance, quietMs: number): IdleCollection {
  let lastActivity = 0;
  let hasGarbage = false;
  let runs = 0;
  const collect = quietMs > 0 ? fullCollection() : null;

  const check = (now = performance.now()) => {
    if (!collect || !hasGarbage || now - lastActivity < quietMs) return;
    hasGarbage = false;
    const started = performance.now();
    collect();
    runs += 1;
    app.log.debug({ ms: Math.round(performance.now() - started) }, 'idle: full garbage collection');
  };

  if (collect) {
    // Quiet is counted from the last request that began or was answered. Requests in flight are
    // not counted: one whose client went away may never be answered, and would keep a node from
    // ever collecting (seen after the load test); a request still running after the quiet time
    // (an upload) at worst waits for the one collection.
    const active = async () => {
      lastActivity = performance.now();
      hasGarbage = true;
    };
    app.addHook('onRequest', active);
    app.addHook('onResponse', active);
    // Checked once a second, a fraction of the quiet time; never keeps the process alive.
    const timer = setInterval(() => check(), Math.min(1000, quietMs));
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  return {
    get runs() {
      return runs;
    },
    check,
  };
}

type Gc = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * V8's fullest collection, as `--expose-gc` gives it: started that way (`node --expose-gc`) the
 * global is there; otherwise the flag is set now, which exposes `gc` in contexts made after it.
 * The "last resort" flavour collects until nothing more goes and gives the emptied pages back (a
 * plain `gc()` left a heap of 141 MB where this leaves 6, in a test that had dropped everything);
 * it is what the inspector's collectGarbage runs.
 */
function fullCollection(): () => void {
  const exposed = (globalThis as { gc?: Gc }).gc;
  const gc = typeof exposed === 'function' ? exposed : exposedGc();
  return () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

function exposedGc(): Gc {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as Gc;
}
