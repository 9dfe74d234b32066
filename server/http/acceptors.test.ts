import type { AddressInfo } from 'node:net';
import { connect, createServer, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { listenWithAcceptors } from './acceptors.ts';

const isLinux = process.platform === 'linux';

function appAnswering(): FastifyInstance {
  const app = Fastify();
  app.get('/', async () => ({ ok: true }));
  return app;
}

/** Connections the app takes while the test holds the event loop, then in the next turn alone. */
async function acceptedInOneTurn(app: FastifyInstance, count: number): Promise<number> {
  const { port } = app.server.address() as AddressInfo;
  let accepted = 0;
  const counting = () => {
    accepted += 1;
  };
  app.server.on('connection', counting);
  const sockets: Socket[] = [];
  // The kernel completes each handshake at connect(); none is accepted while this loop holds on.
  for (let index = 0; index < count; index += 1) sockets.push(connect({ host: '127.0.0.1', port }));
  const until = performance.now() + 100;
  while (performance.now() < until) {
    // Holding the event loop, as a busy server does.
  }
  // One turn: what is accepted between two check phases (setImmediate) is one poll phase's.
  const inOneTurn = await new Promise<number>((resolve) =>
    setImmediate(() => {
      const before = accepted;
      setImmediate(() => resolve(accepted - before));
    }),
  );
  app.server.off('connection', counting);
  for (const socket of sockets) socket.destroy();
  return inOneTurn;
}

describe('listenWithAcceptors (issue 29)', () => {
  let app: FastifyInstance | null = null;
  afterEach(async () => {
    await app?.close();
    app = null;
  });

  it('serves every connection with the one app, whichever socket took it', async () => {
    app = appAnswering();
    await listenWithAcceptors(app, { host: '127.0.0.1', port: 0 }, 4);
    const { port } = app.server.address() as AddressInfo;
    const answers = await Promise.all(
      Array.from({ length: 24 }, () =>
        fetch(`http://127.0.0.1:${port}/`, { headers: { connection: 'close' } }).then((response) =>
          response.json(),
        ),
      ),
    );
    expect(answers).toEqual(Array.from({ length: 24 }, () => ({ ok: true })));
  });

  it.runIf(isLinux)(
    'takes many waiting connections in one turn of the loop, where libuv alone takes one',
    async () => {
      app = appAnswering();
      await listenWithAcceptors(app, { host: '127.0.0.1', port: 0 }, 1);
      expect(await acceptedInOneTurn(app, 32)).toBe(1);
      await app.close();

      app = appAnswering();
      await listenWithAcceptors(app, { host: '127.0.0.1', port: 0 }, 16);
      // The kernel spreads connections over the 16 sockets by their addresses: most take one.
      expect(await acceptedInOneTurn(app, 32)).toBeGreaterThanOrEqual(4);
    },
  );

  it.runIf(isLinux)('refuses a port another socket holds, though its own sockets share one', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen({ host: '127.0.0.1', port: 0 }, resolve));
    const { port } = holder.address() as AddressInfo;
    try {
      app = appAnswering();
      await expect(listenWithAcceptors(app, { host: '127.0.0.1', port })).rejects.toMatchObject({
        code: 'EADDRINUSE',
      });
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  it.runIf(isLinux)(
    'answers a response written in parts at once on every socket (no delayed ACK: noDelay as the HTTP server)',
    async () => {
      app = Fastify();
      // Headers and body in separate writes, as a streamed page is sent.
      app.get('/', (_request, reply) => {
        reply.hijack();
        reply.raw.writeHead(200, { 'content-type': 'text/plain' });
        reply.raw.write('a');
        setImmediate(() => reply.raw.end('b'));
      });
      await listenWithAcceptors(app, { host: '127.0.0.1', port: 0 }, 16);
      const { port } = app.server.address() as AddressInfo;
      const slowest: number[] = [];
      // Eight connections (most land on an extra socket), five requests on each.
      for (let connection = 0; connection < 8; connection += 1) {
        const socket = connect({ host: '127.0.0.1', port });
        await new Promise((resolve) => socket.once('connect', resolve));
        let longest = 0;
        for (let request = 0; request < 5; request += 1) {
          const sentAt = performance.now();
          const answered = new Promise<void>((resolve) => {
            let received = '';
            const onData = (chunk: Buffer) => {
              received += chunk.toString();
              if (received.endsWith('0\r\n\r\n')) {
                socket.off('data', onData);
                resolve();
              }
            };
            socket.on('data', onData);
          });
          socket.write('GET / HTTP/1.1\r\nhost: localhost\r\n\r\n');
          await answered;
          longest = Math.max(longest, performance.now() - sentAt);
        }
        socket.destroy();
        slowest.push(longest);
      }
      // With Nagle's algorithm on, the body waited for the client's delayed ACK: 40 ms a request.
      slowest.sort((a, b) => a - b);
      expect(slowest[4]).toBeLessThan(30);
    },
  );

  it('stops taking connections on every socket when the app closes', async () => {
    app = appAnswering();
    await listenWithAcceptors(app, { host: '127.0.0.1', port: 0 }, 4);
    const { port } = app.server.address() as AddressInfo;
    await app.close();
    app = null;
    const refused = await Promise.all(
      Array.from(
        { length: 8 },
        () =>
          new Promise<string>((resolve) => {
            const socket = connect({ host: '127.0.0.1', port });
            socket.once('connect', () => {
              socket.destroy();
              resolve('connected');
            });
            socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
          }),
      ),
    );
    expect(refused).toEqual(Array.from({ length: 8 }, () => 'ECONNREFUSED'));
  });
});
