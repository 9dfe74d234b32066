/**
 * A visitor's page paints before its scripts load (issue 32). React Router names every module of
 * the page in the head (`<link rel="modulepreload">`) and imports them from an inline module
 * script, so on a slow connection about 140 KB of JavaScript shares the line with the HTML, the
 * stylesheet and the header image, and the first paint waits for all of it. The page is complete
 * without its scripts (server-rendered; a click made before hydration waits for it, click-hold.tsx),
 * so for a visitor the scripts start after the first paint instead: the links come out of the head,
 * and the module script waits for a frame, then names the same modules (the browser fetches them in
 * parallel, as the links would have) and imports them as it did.
 *
 * Only for visitors without a session: an editor's or member's screen starts its code at once
 * (edit mode's first click, issue 35). The HTML is React's own: text and attribute values are
 * escaped, so the tags matched here are only ever the ones React Router wrote.
 */

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;
/** React Router's module script (<Scripts>): its attributes in the order React writes them. */
const MODULE_SCRIPT = /<script((?: nonce="[^"]*")?) type="module" async="">([\s\S]*?)<\/script>/;
const STATIC_IMPORT = /^\s*import (?:\* as (\w+) from )?("[^"\\]+");$/gm;

/** The frame after the first paint (or at most 300 ms, for a page opened in a background tab). */
const AFTER_PAINT =
  'await new Promise((go) => { requestAnimationFrame(() => setTimeout(go)); setTimeout(go, 300); });';

/**
 * The page with its scripts started after the first paint; unchanged when it has no module script.
 * `moreModules` names modules the page needs beyond React Router's (the views of its blocks,
 * block-code.ts), fetched with them.
 */
export function scriptsAfterFirstPaint(
  html: string,
  moreModules: (html: string) => readonly string[] = () => [],
): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return html;
  const [whole, attributes, body = ''] = script;
  const imports = [...body.matchAll(STATIC_IMPORT)].map(([, name, specifier]) => ({ name, specifier }));
  if (imports.length === 0) return html;
  const hrefs = new Set<string>();
  for (const [, href] of html.matchAll(MODULE_PRELOAD)) if (href) hrefs.add(decodeAttribute(href));
  for (const href of moreModules(html)) hrefs.add(href);
  const rest = body.replace(STATIC_IMPORT, '').trim();
  const names = imports.map(({ name }, index) => name ?? `_${index}`);
  const deferred = [
    AFTER_PAINT,
    `for (const href of ${JSON.stringify([...hrefs]).replaceAll('<', '\\u003c')}) { const link = document.createElement('link'); link.rel = 'modulepreload'; link.href = href; document.head.append(link); }`,
    `const [${names.join(', ')}] = await Promise.all([${imports.map(({ specifier }) => `import(${specifier})`).join(', ')}]);`,
    rest,
  ].join('\n');
  const at = script.index;
  const rewritten = `${html.slice(0, at)}<script${attributes} type="module" async="">${deferred}</script>${html.slice(at + whole.length)}`;
  return rewritten.replace(MODULE_PRELOAD, '');
}

function decodeAttribute(value: string): string {
  return value.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#x27;', "'");
}

/** A rendered answer with its scripts started after the first paint, when it is an HTML page. */
export async function withScriptsAfterFirstPaint(
  response: Response,
  moreModules?: (html: string) => readonly string[],
): Promise<Response> {
  if (!response.body || !response.headers.get('content-type')?.startsWith('text/html')) return response;
  const html = scriptsAfterFirstPaint(await response.text(), moreModules);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}
