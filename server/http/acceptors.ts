import type { AddressInfo } from 'node:net';
import { createServer, type Server, type ServerOpts } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Sockets that take connections on the server's port besides Fastify's own: the kernel hands each
 * new connection to one of them (SO_REUSEPORT, Linux), and every one passes it to the same HTTP
 * server, so the node accepts that many connections per turn of its event loop.
 *
 * Why (issue 29): libuv accepts one connection per turn and waits for the next turn for the rest
 * (libuv pull request 3696, fairness between processes sharing a socket). Under load a turn of the
 * loop lasts about the p50 latency, 100 ms at 500 connections, so a busy node took about ten new
 * connections a second; the other clients waited in the kernel's queue (168 of the load test's 500
 * at once, strace: one accept4 per epoll_pwait) until they gave up, which were all of the load
 * test's timeouts. Sixteen acceptors take a burst of 500 within a few turns.
 */
export const ACCEPTORS = 16;

/** Whether several sockets may listen on one port here (Node's `reusePort`: Linux). */
const canShareThePort = process.platform === 'linux';

type ListenOptions = { host: string; port: number };

/**
 * `app.listen`, plus ACCEPTORS - 1 more sockets on the same address where the platform allows.
 * A port another process holds is refused as before (EADDRINUSE), though the sockets share it.
 * The extra sockets stop taking connections when the app closes.
 */
export async function listenWithAcceptors(
  app: FastifyInstance,
  options: ListenOptions,
  acceptors = ACCEPTORS,
): Promise<void> {
  if (!canShareThePort || acceptors <= 1) {
    await app.listen(options);
    return;
  }
  // SO_REUSEPORT lets any socket of this user that asks for it share the port: a port in use by
  // another process would be shared silently. A plain socket first finds out.
  if (options.port !== 0) await ensureFree(options);
  const extra: Server[] = [];
  app.addHook('onClose', async () => {
    await Promise.all(extra.map((server) => new Promise((resolve) => server.close(resolve))));
  });
  const shared = { ...options, reusePort: true };
  await app.listen(shared);
  const { address, port } = app.server.address() as AddressInfo;
  const sockets = socketOptionsOf(app.server);
  for (let index = 1; index < acceptors; index += 1) {
    const server = createServer(sockets, (socket) => app.server.emit('connection', socket));
    await listening(server, { host: address, port, reusePort: true });
    extra.push(server);
  }
}

/**
 * The options a socket gets where it is accepted (net.Server's onconnection), as the HTTP server's
 * own listening socket sets them: without `noDelay` a response written in two parts (headers, then
 * the body) waited for the client's delayed ACK, 40 ms per request taken by an extra acceptor.
 */
function socketOptionsOf(server: Server): ServerOpts {
  // Node keeps them as the server's own properties; its types do not name them.
  const own = server as Server & SocketOptions;
  return {
    noDelay: own.noDelay ?? true,
    allowHalfOpen: own.allowHalfOpen ?? true,
    keepAlive: own.keepAlive ?? false,
    keepAliveInitialDelay: own.keepAliveInitialDelay ?? 0,
    ...(own.highWaterMark === undefined ? {} : { highWaterMark: own.highWaterMark }),
    pauseOnConnect: own.pauseOnConnect ?? false,
  };
}

type SocketOptions = Partial<
  Pick<
    ServerOpts,
    'noDelay' | 'allowHalfOpen' | 'keepAlive' | 'keepAliveInitialDelay' | 'highWaterMark' | 'pauseOnConnect'
  >
>;

/** Rejects with EADDRINUSE when a socket that does not share the port already holds it. */
async function ensureFree({ host, port }: ListenOptions): Promise<void> {
  const probe = createServer();
  await listening(probe, { host, port, exclusive: true });
  await new Promise((resolve) => probe.close(resolve));
}

/** Resolves when `server` listens, rejects with the error that kept it from listening. */
function listening(server: Server, options: ListenOptions & { reusePort?: boolean; exclusive?: boolean }) {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
