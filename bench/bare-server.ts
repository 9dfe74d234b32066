import { readFile } from 'node:fs/promises';
import Fastify from 'fastify';

/**
 * The baseline: a bare Fastify server that answers every GET with one static HTML body (the same
 * bytes as our rendered home page). Prints {"port": n} on stdout once it listens on loopback.
 */
const file = process.argv[2];
if (!file) throw new Error('usage: bare-server.ts <body.html>');
const body = await readFile(file);
const app = Fastify({ logger: false });
app.get('/*', async (_request, reply) => reply.type('text/html; charset=utf-8').send(body));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('no port');
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
const stop = () => void app.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
