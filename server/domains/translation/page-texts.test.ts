import { describe, expect, it } from 'vitest';
import { TRANSLATION_LIMITS } from '../../../common/translation.ts';
import { addressGroup } from './index.ts';
import { decodeCharacterReferences, shownTexts } from './page-texts.ts';

describe('shownTexts (the texts a rendered page shows in a language)', () => {
  const page = `<!DOCTYPE html><html lang="nl"><head><title>Niet dit</title>
<script>const html = "<p lang=\\"nl\\">ook niet</p>";</script><style>p::after { content: "<b lang=nl>x</b>" }</style>
</head><body><header><a href="/" lang='nl' class="x">Nieuws</a><a href="/over" data-title="a > b" lang=nl>Over ons</a>
<a href="/contact">Contact (English)</a></header>
<article class="page" lang="nl"><h1>Welkom<!-- -->!</h1><p>Zie <strong>dit</strong> &amp; dat&nbsp;hier&#x21;&#33;</p>
<img src="/a/1" alt="Een foto"><br/><input value="geen tekst"><p lang="en">English inside</p>
<textarea>Invoer</textarea></article><footer><p>Niet gemarkeerd</p><p lang="nl">  ruimte rond  </p></footer>
<p lang="nl">${'l'.repeat(TRANSLATION_LIMITS.textLength + 10)}</p><p lang="nl">a < b</p></body></html>`;

  it('reads the text nodes of the marked passages, as the browser asks for them', () => {
    expect([...shownTexts(page, 'nl')]).toEqual([
      'Nieuws',
      'Over ons',
      'Welkom',
      '!',
      'Zie',
      'dit',
      '& dat\u00a0hier!!',
      'English inside',
      'ruimte rond',
      'l'.repeat(TRANSLATION_LIMITS.textLength),
      'a < b',
    ]);
  });

  it('leaves out the document element, scripts, styles, titles, form fields and unmarked text', () => {
    const texts = shownTexts(page, 'nl');
    for (const text of [
      'Niet dit',
      'ook niet',
      'x',
      'Contact (English)',
      'Niet gemarkeerd',
      'Invoer',
      'Een foto',
    ]) {
      expect(texts.has(text), text).toBe(false);
    }
    expect([...shownTexts(page, 'en')]).toEqual(['English inside']);
  });

  it('decodes character references as the browser does, and leaves unknown ones as they are', () => {
    expect(
      decodeCharacterReferences('&lt;b&gt; &quot;x&quot; &#x27;y&#39; &euro;5 &bogus; &#0; &#xFFFFFFF;'),
    ).toBe('<b> "x" \'y\' €5 &bogus; &#0; &#xFFFFFFF;');
  });
});

describe('addressGroup (whose share of the per-address cap a request uses)', () => {
  it('is the address for IPv4, and the /64 for IPv6', () => {
    expect(addressGroup('192.0.2.7')).toBe('192.0.2.7');
    expect(addressGroup('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressGroup('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:0DB8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
