import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { displayNameOf, initialsOf, type Viewer } from '../../common/site.ts';
import { compressTemplate, fill, gzipFor, standInFor, templateOf, viewerClassKey } from './member-pages.ts';

const viewer = (person: Partial<Viewer> = {}): Viewer => ({
  guid: '3f2a9c1e-0000-4000-8000-000000000001',
  firstName: 'Anna',
  lastName: 'de Vries',
  email: 'anna@example.org',
  isActive: true,
  isAdmin: false,
  isContentManager: false,
  termsOfUseVersionAccepted: 2,
  notificationCloseSeconds: 5,
  photoGuid: 'aaaabbbb-0000-4000-8000-000000000002',
  canUseLibrary: false,
  ...person,
});

// React's escaping of text and attributes, and React Router's of its stream script.
const html = (text: string) =>
  text.replace(
    /["'&<>]/g,
    (char) => ({ '"': '&quot;', "'": '&#x27;', '&': '&amp;', '<': '&lt;', '>': '&gt;' })[char] ?? char,
  );
const script = (text: string) =>
  text.replace(
    /[&><\u2028\u2029]/g,
    (char) =>
      ({ '&': '\\u0026', '>': '\\u003e', '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' })[char] ??
      char,
  );

/** A page as the site writes one: markup with the user menu, then the loader data's stream. */
function page(person: Viewer, nonce: string): string {
  const data = JSON.stringify([{ viewer: person }, 'content with <b>tags</b> & "quotes" \u2028', { nonce }]);
  return [
    `<html><head><script nonce="${nonce}">var hold = 1;</script></head><body>`,
    `<button aria-label="${html(displayNameOf(person))}">${html(displayNameOf(person))}</button>`,
    `<span class="user-avatar">${html(initialsOf(person))}</span>`,
    person.photoGuid ? `<img src="/a/${person.photoGuid}?width=100" alt="">` : '',
    `<p>${html(person.email)}</p>`,
    `<script nonce="${nonce}">window.__reactRouterContext.streamController.enqueue(${script(JSON.stringify(data))});</script>`,
    '</body></html>',
  ].join('');
}

const HOSTILE = viewer({
  firstName: `Zoë <script>alert(1)</script> "O'Brien"`,
  lastName: 'van \\ Dijk & \u2028 Zonen',
  email: `a+"x"@example.org`,
});

describe('members’ pages: one render for a class, filled per person', () => {
  it('fills a stand-in render into exactly the page rendered for the person, hostile names too', () => {
    for (const person of [viewer(), HOSTILE, viewer({ firstName: '', lastName: '', photoGuid: null })]) {
      const template = templateOf(page(standInFor(person), 'render+nonce/1='), 'render+nonce/1=', 'html');
      expect(template).not.toBeNull();
      if (!template) continue;
      expect(fill(template, person, 'answer+nonce/2=')).toBe(page(person, 'answer+nonce/2='));
    }
  });

  it('sends the filled page as gzip made of the parts compressed once and the person stored between', async () => {
    for (const person of [HOSTILE, viewer({ lastName: 'x'.repeat(70_000) }), viewer({ photoGuid: null })]) {
      const template = templateOf(page(standInFor(person), 'n1'), 'n1', 'html');
      if (!template) throw new Error('not filled');
      const compressed = await compressTemplate(template);
      const gzip = gzipFor(compressed, person, 'n2');
      expect(gunzipSync(gzip).toString('utf8')).toBe(fill(template, person, 'n2'));
      expect(gunzipSync(gzip).toString('utf8')).toBe(page(person, 'n2'));
    }
  });

  it('fills a `.data` stream as JSON strings', () => {
    const data = (person: Viewer) => JSON.stringify([{ viewer: person }, 'other']);
    const template = templateOf(data(standInFor(HOSTILE)), '', 'data');
    expect(template && fill(template, HOSTILE, '')).toBe(data(HOSTILE));
  });

  it('keeps none of the person in the kept render, whoever it was made for', () => {
    const template = templateOf(page(standInFor(HOSTILE), 'n1'), 'n1', 'html');
    const kept = template?.parts.join('') ?? '';
    expect(kept).not.toContain('Zoë');
    expect(kept).not.toContain(HOSTILE.guid);
    expect(kept).not.toContain(HOSTILE.photoGuid ?? '-');
    expect(kept).not.toContain('example.org');
  });

  it('refuses a render in which a marker was cut up or changed', () => {
    const standIn = standInFor(viewer());
    expect(templateOf(`<p>${standIn.firstName.slice(0, 5)}</p>`, '', 'html')).toBeNull();
    expect(templateOf(`<p>${standIn.email.toUpperCase()}</p>`, '', 'html')).toBeNull();
    expect(templateOf(`<p>${standIn.firstName.charAt(0)}</p>`, '', 'html')).toBeNull();
  });

  it('keys a class by what the shell shows of the viewer, never by who it is', () => {
    expect(viewerClassKey(viewer())).toBe(
      viewerClassKey(viewer({ firstName: 'Piet', guid: 'x', email: 'p@q' })),
    );
    expect(viewerClassKey(viewer())).not.toBe(viewerClassKey(viewer({ photoGuid: null })));
    expect(viewerClassKey(viewer())).not.toBe(viewerClassKey(viewer({ termsOfUseVersionAccepted: 1 })));
    expect(viewerClassKey(viewer())).not.toBe(viewerClassKey(viewer({ notificationCloseSeconds: 9 })));
  });
});
