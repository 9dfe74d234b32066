import { describe, expect, it } from 'vitest';
import { scriptsAfterFirstPaint, withScriptsAfterFirstPaint } from './after-paint.ts';

// The shape React Router's <Scripts> and React's head give a page (links hoisted to the head).
const PAGE = [
  '<!DOCTYPE html><html><head>',
  '<link rel="preload" as="image" href="/a/1?width=600"/>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="N"/>',
  '<link rel="modulepreload" href="/assets/root-B.js" nonce="N"/>',
  '<link rel="stylesheet" href="/assets/site-C.css#"/>',
  '</head><body><p>Tekst met &lt;link rel=&quot;modulepreload&quot;&gt; erin</p>',
  '<script nonce="N">window.__reactRouterContext = {};</script>',
  '<script nonce="N" type="module" async="">import "/assets/manifest-D.js";',
  'import * as route0 from "/assets/root-B.js";',
  'import * as route1 from "/assets/content-page-E.js";',
  '  window.__reactRouterRouteModules = {"root":route0,"home-page":route1};',
  '',
  'import("/assets/entry.client-A.js");</script></body></html>',
].join('\n');

describe('scriptsAfterFirstPaint (issue 32)', () => {
  const html = scriptsAfterFirstPaint(PAGE);
  const script = /<script nonce="N" type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';

  it('takes the module links out of the head and leaves everything else', () => {
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).toContain('<link rel="preload" as="image" href="/a/1?width=600"/>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/site-C.css#"/>');
    expect(html).toContain('&lt;link rel=&quot;modulepreload&quot;&gt;'); // the page's own text
    expect(html).toContain('<script nonce="N">window.__reactRouterContext = {};</script>');
  });

  it('waits for a frame, names the same modules, then imports them all at once as the static imports did', () => {
    expect(script).not.toMatch(/^\s*import .* from/m);
    expect(script.indexOf('requestAnimationFrame')).toBeLessThan(script.indexOf('modulepreload'));
    expect(script).toContain('["/assets/entry.client-A.js","/assets/root-B.js"]');
    expect(script).toContain(
      'const [_0, route0, route1] = await Promise.all([import("/assets/manifest-D.js"), import("/assets/root-B.js"), import("/assets/content-page-E.js")]);',
    );
    expect(script.indexOf('Promise.all')).toBeLessThan(script.indexOf('window.__reactRouterRouteModules'));
    expect(script.trim().endsWith('import("/assets/entry.client-A.js");')).toBe(true);
    // Still a module script (top-level await) with its nonce: the policy allows it as before.
    expect(() => new Function(`return async () => {${script}}`)).not.toThrow();
  });

  it('leaves a page without React Router’s module script as it is', () => {
    const plain = '<html><head><link rel="modulepreload" href="/x.js"/></head><body></body></html>';
    expect(scriptsAfterFirstPaint(plain)).toBe(plain);
  });

  it('rewrites HTML answers only, and keeps their status and headers', async () => {
    const page = await withScriptsAfterFirstPaint(
      new Response(PAGE, {
        status: 404,
        headers: { 'content-type': 'text/html; charset=utf-8', 'x-a': '1' },
      }),
    );
    expect(page.status).toBe(404);
    expect(page.headers.get('x-a')).toBe('1');
    expect(await page.text()).toBe(html);
    const json = new Response('{"a":1}', { headers: { 'content-type': 'application/json' } });
    expect(await withScriptsAfterFirstPaint(json)).toBe(json);
  });
});

describe('scriptsAfterFirstPaint with more modules (issue 31)', () => {
  it('names the modules it is given with React Router’s, once each', () => {
    const html = scriptsAfterFirstPaint(PAGE, () => ['/assets/block-Table-F.js', '/assets/root-B.js']);
    expect(html).toContain('["/assets/entry.client-A.js","/assets/root-B.js","/assets/block-Table-F.js"]');
  });
});
