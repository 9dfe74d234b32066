import { randomFillSync } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers of every response, worked out once (issue 12). Helmet decides them (its
 * defaults, our directives); running its middleware per request rebuilt the same strings every
 * time, a few per cent of a cached page's CPU. Only the script source of the content security
 * policy changes per response: a nonce for a page rendered now, the hashes of its inline scripts
 * for a page from the cache (`withScripts`).
 */
export type SecurityHeaders = {
  /** The policy allowing the inline scripts with this nonce. */
  withNonce(nonce: string): string;
  /** The policy allowing these inline scripts (`'sha256-…'` sources) beside the site's own files. */
  withScripts(sources: readonly string[]): string;
};

const SCRIPTS = "'nonce-SCRIPTS'";

export function registerSecurityHeaders(
  app: FastifyInstance,
  options: {
    contentSecurityPolicy: { directives: Record<string, Iterable<string> | null> };
    referrerPolicy: { policy: 'same-origin' | 'no-referrer' | 'strict-origin-when-cross-origin' };
    strictTransportSecurity: boolean;
  },
): SecurityHeaders {
  const { contentSecurityPolicy, ...rest } = options;
  const directives = contentSecurityPolicy.directives;
  const headers = headersOf({
    ...rest,
    contentSecurityPolicy: { directives: { ...directives, scriptSrc: [SCRIPTS] } },
  });
  const policy = headers['content-security-policy'] ?? '';
  delete headers['content-security-policy'];
  const at = policy.indexOf(SCRIPTS);
  const before = policy.slice(0, at);
  const after = policy.slice(at + SCRIPTS.length);
  const security: SecurityHeaders = {
    withNonce: (nonce) => `${before}'self' 'nonce-${nonce}'${after}`,
    withScripts: (sources) => `${before}${["'self'", ...sources].join(' ')}${after}`,
  };
  const fixed = Object.entries(headers);
  app.addHook('onRequest', async (_request, reply) => {
    for (const [name, value] of fixed) reply.header(name, value);
  });
  // The policy goes on last, so that a route that set its own (the API reference, a cached page, a
  // file download) keeps it; a nonce is only drawn when a render asked for one or none was set.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', security.withNonce(cspNonce(reply)));
    }
  });
  return security;
}

/** What Helmet's middleware sets with these options, as lower-case header names and values. */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

const NONCE_BYTES = 16;
const POOL_BYTES = NONCE_BYTES * 256;
let pool = Buffer.alloc(0);
let poolAt = POOL_BYTES;

/** 16 fresh random bytes, base64: drawn from a pool filled 4 KB at a time, each byte used once. */
function newNonce(): string {
  if (poolAt >= POOL_BYTES) {
    pool = randomFillSync(Buffer.allocUnsafe(POOL_BYTES));
    poolAt = 0;
  }
  poolAt += NONCE_BYTES;
  return pool.toString('base64', poolAt - NONCE_BYTES, poolAt);
}

type ResponseWithNonce = ServerResponse & { cspNonce?: string };

/** This response's script nonce: made on first use (a page render), the same for the rest of it. */
export function cspNonce(reply: FastifyReply): string {
  const response = reply.raw as ResponseWithNonce;
  response.cspNonce ??= newNonce();
  return response.cspNonce;
}
