import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { cspNonce, registerSecurityHeaders } from './security-headers.ts';

async function appWith() {
  const app = Fastify();
  const security = registerSecurityHeaders(app, {
    contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameSrc: ['https://player.vimeo.com'] } },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: false,
  });
  app.get('/json', async () => ({ ok: true }));
  app.get('/page', async (_request, reply) => {
    const nonce = cspNonce(reply);
    return reply.type('text/html').send(`<script nonce="${nonce}">1</script>${cspNonce(reply)}`);
  });
  app.get('/own', async (_request, reply) => {
    reply.header('content-security-policy', "default-src 'none'; sandbox");
    return 'file';
  });
  app.get('/early', { onRequest: async (_request, reply) => reply.send('from a hook') }, async () => 'never');
  await app.ready();
  return { app, security };
}

const nonceOf = (policy: string | undefined) => policy?.match(/script-src 'self' 'nonce-([^']+)';/)?.[1];

describe('security headers', () => {
  it('sends Helmet’s headers and a policy whose nonce is new for every response', async () => {
    const { app } = await appWith();
    const first = await app.inject('/json');
    const second = await app.inject('/json');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['referrer-policy']).toBe('same-origin');
    expect(first.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(first.headers['strict-transport-security']).toBeUndefined();
    const policy = String(first.headers['content-security-policy']);
    expect(policy).toContain("default-src 'self';");
    expect(policy).toContain("object-src 'none';");
    expect(policy).toContain('frame-src https://player.vimeo.com');
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(nonceOf(policy)).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceOf(policy)).not.toBe(nonceOf(String(second.headers['content-security-policy'])));
    await app.close();
  });

  it('puts the nonce a render used in the policy, once per response', async () => {
    const { app } = await appWith();
    const response = await app.inject('/page');
    const nonce = nonceOf(String(response.headers['content-security-policy']));
    expect(response.body).toBe(`<script nonce="${nonce}">1</script>${nonce}`);
    const nonces = new Set<string | undefined>();
    for (let i = 0; i < 600; i += 1) {
      nonces.add(nonceOf(String((await app.inject('/page')).headers['content-security-policy'])));
    }
    expect(nonces.size).toBe(600);
    await app.close();
  });

  it('keeps a policy a route set itself, and covers answers sent from a hook', async () => {
    const { app } = await appWith();
    expect((await app.inject('/own')).headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    const early = await app.inject('/early');
    expect(early.body).toBe('from a hook');
    expect(early.headers['x-content-type-options']).toBe('nosniff');
    expect(nonceOf(String(early.headers['content-security-policy']))).toBeTruthy();
    await app.close();
  });

  it('names a cached page’s inline scripts by hash instead of a nonce', async () => {
    const { app, security } = await appWith();
    const policy = security.withScripts(["'sha256-abc='", "'sha256-def='"]);
    expect(policy).toContain("script-src 'self' 'sha256-abc=' 'sha256-def=';");
    expect(policy).not.toContain('nonce-');
    expect(security.withScripts([])).toContain("script-src 'self';");
    await app.close();
  });
});
