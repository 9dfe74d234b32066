import { describe, expect, it } from 'vitest';
import { type Catalogue, lookup, translate } from './translate';

const catalogues: Record<string, Catalogue> = {
  nl: {
    nav: { home: 'Home', back: 'Terug naar {{name}}' },
    items: { count_one: '{{count}} item', count_other: '{{count}} items' },
    onlyDutch: 'Alleen Nederlands',
  },
  en: {
    nav: { home: 'Home page', back: 'Back to {{name}}' },
    items: { count_one: 'one item', count_other: '{{count}} items' },
  },
};
const t = (languages: string[], key: string, options?: Parameters<typeof translate>[3]) =>
  translate((language) => catalogues[language], languages, key, options);

describe('translate', () => {
  it('finds a dotted key and fills in its values', () => {
    expect(t(['en', 'nl'], 'nav.home')).toBe('Home page');
    expect(t(['nl'], 'nav.back', { name: 'Nieuws' })).toBe('Terug naar Nieuws');
  });

  it('leaves a placeholder without a value as written', () => {
    expect(t(['en'], 'nav.back')).toBe('Back to {{name}}');
  });

  it('picks the plural form by count, per language', () => {
    expect(t(['nl'], 'items.count', { count: 1 })).toBe('1 item');
    expect(t(['nl'], 'items.count', { count: 0 })).toBe('0 items');
    expect(t(['en'], 'items.count', { count: 1 })).toBe('one item');
    expect(t(['en'], 'items.count', { count: 3 })).toBe('3 items');
  });

  it('falls back to the next language, then to defaultValue, then to the key', () => {
    expect(t(['en', 'nl'], 'onlyDutch')).toBe('Alleen Nederlands');
    expect(t(['en', 'nl'], 'missing.key', { defaultValue: 'Default {{x}}', x: 1 })).toBe('Default 1');
    expect(t(['en', 'nl'], 'missing.key')).toBe('missing.key');
  });

  it('gives no text for a section or an inherited property', () => {
    expect(t(['nl'], 'nav')).toBe('nav');
    expect(lookup(catalogues.nl, 'nav.constructor')).toBeUndefined();
    expect(lookup(catalogues.nl, 'toString')).toBeUndefined();
  });
});
