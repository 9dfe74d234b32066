import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { type ScratchLease, type ScratchSpace, scratchFull } from '../media/scratch.ts';

/**
 * Uploads are refused before they are read (issue 34). A multipart body reaches a route only when
 * the route takes uploads (`config.uploads`) and its rule lets this caller upload there, and only
 * up to the rule's size: a declared length above it is refused at once, a body sent without one is
 * cut off when it passes it. Everything else answers before a byte of the body is read:
 * `415 upload_not_accepted` where no upload is taken, the rule's own refusal (401, 403, 404, 409),
 * `413 payload_too_large`, or `503 scratch_full` when the node's scratch space has no room for the
 * declared length (which is then reserved for it: an upload let in is not starved halfway). The answer goes out at once; what the client still sends is then read and
 * thrown away for a moment (so that the client gets to read the answer: closing a connection
 * with unread data resets it, and the answer with it), and past that the connection is closed.
 */

/** What a route lets the caller upload: at most this many bytes of body (multipart framing included). */
export type UploadAllowance = { maxBytes: number };

/** Decides, before the body is read, whether this caller may upload here; throws an AppError if not. */
export type UploadRule = (request: FastifyRequest) => Promise<UploadAllowance>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route takes multipart uploads: who may send one and how large (server/http/upload-gate.ts). */
    uploads?: UploadRule;
    /**
     * The most any other body may hold, on a route whose parser hands the stream on unread (the
     * site's route: React Router reads a form post into memory); Fastify's bodyLimit does not
     * apply there. Refused on its declared length, else cut off.
     */
    streamedBodyMaxBytes?: number;
  }
}

/** How long, and how much, of a refused body is read and thrown away before the connection is closed. */
export const LINGER = { ms: 2000, bytes: 4 * 1024 * 1024 };

/** Room for the multipart framing and the few text parts around a file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export const isMultipart = (contentType: string | undefined) => /^\s*multipart\//i.test(contentType ?? '');

/** The length a request declares, or null when it streams without one (chunked). */
export function declaredLength(headers: IncomingHttpHeaders): number | null {
  const value = headers['content-length'];
  if (value === undefined || headers['transfer-encoding'] !== undefined) return null;
  const length = Number(value);
  return Number.isSafeInteger(length) && length >= 0 ? length : null;
}

const hasBody = (headers: IncomingHttpHeaders) =>
  headers['transfer-encoding'] !== undefined || (declaredLength(headers) ?? 0) > 0;

/** Per upload let through and not read yet, its part of the scratch space. */
const leases = new WeakMap<FastifyRequest, ScratchLease>();

/**
 * The scratch space the gate gave this upload (its declared length reserved), for the route that
 * reads it: from then on the route gives it back, once its scratch files are gone.
 */
export function uploadLeaseOf(request: FastifyRequest): ScratchLease | undefined {
  const lease = leases.get(request);
  leases.delete(request);
  return lease;
}

export function registerUploadGate(app: FastifyInstance, scratch: ScratchSpace): void {
  // Scratch files a stopped process left behind are counted by no one: gone at start-up.
  app.addHook('onReady', async () => {
    const removed = await scratch.sweep();
    if (removed > 0) app.log.info({ removed }, 'stale upload scratch files removed');
  });
  /** Requests that came with a body (a route may rewrite the headers that said so). */
  const withBody = new WeakSet<FastifyRequest>();
  app.addHook('preParsing', async (request, reply, payload) => {
    if (!hasBody(request.headers)) return payload;
    withBody.add(request);
    const declared = declaredLength(request.headers);
    const tooLarge = (maxBytes: number) => {
      if (declared !== null && declared > maxBytes) {
        throw new AppError('payload_too_large', `at most ${maxBytes} bytes may be sent here`);
      }
    };
    if (!isMultipart(request.headers['content-type'])) {
      const limit = request.routeOptions.config?.streamedBodyMaxBytes;
      if (limit === undefined) return payload;
      tooLarge(limit);
      return cutOffAt(payload, limit);
    }
    const rule = request.routeOptions.config?.uploads;
    if (!rule) throw new AppError('upload_not_accepted', `no uploads at ${request.method} ${request.url}`);
    const { maxBytes } = await rule(request);
    tooLarge(maxBytes);
    const lease = scratch.lease();
    if (declared !== null && !lease.reserve(declared)) throw scratchFull(scratch);
    leases.set(request, lease);
    // Given back when the answer has gone or the connection did, if no route took it over.
    reply.raw.once('close', () => {
      if (leases.get(request) !== lease) return;
      leases.delete(request);
      lease.release();
    });
    return cutOffAt(payload, maxBytes);
  });
  app.addHook('onResponse', async (request) => {
    // (An injected request, in tests, has no socket to close: `complete` is not set on it.)
    if (withBody.has(request) && request.raw.complete === false) lingerThenClose(request.raw);
  });
}

/**
 * After the answer to a request whose body was not (all) read: the rest is read and thrown away
 * (never kept) for at most LINGER, then the connection is closed, so no client keeps it busy.
 */
function lingerThenClose(raw: IncomingMessage) {
  const { socket } = raw;
  let discarded = 0;
  const close = () => {
    clearTimeout(timer);
    if (!raw.complete) socket.destroy();
  };
  const timer = setTimeout(close, LINGER.ms);
  timer.unref();
  raw.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER.bytes) close();
  });
  raw.once('end', () => clearTimeout(timer));
  socket.once('close', () => clearTimeout(timer));
  raw.resume();
}

/**
 * The body as a stream that fails with `413 payload_too_large` once more than `maxBytes` came
 * through. It starts reading only when it is read itself (a route that reads the request on its
 * own, as @fastify/multipart does, is not disturbed), and it leaves the request alone when it cuts
 * off (paused, not destroyed), so the answer can still go out.
 */
function cutOffAt(payload: Readable, maxBytes: number): Readable {
  let seen = 0;
  let started = false;
  const onData = (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > maxBytes) {
      payload.off('data', onData);
      payload.pause();
      limited.destroy(new AppError('payload_too_large', `at most ${maxBytes} bytes may be sent here`));
      return;
    }
    if (!limited.push(chunk)) payload.pause();
  };
  const limited: Readable = new Readable({
    read() {
      if (started) {
        payload.resume();
        return;
      }
      started = true;
      payload.on('data', onData);
      payload.once('end', () => limited.push(null));
      payload.once('error', (error) => limited.destroy(error));
      payload.once('aborted', () =>
        limited.destroy(new AppError('bad_request', 'the client aborted the upload')),
      );
    },
  });
  // Whoever reads it may end it early (a failed upload): it then takes nothing more from the request.
  limited.once('close', () => payload.off('data', onData));
  return limited;
}
