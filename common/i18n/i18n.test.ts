import { describe, expect, it } from 'vitest';
import en from './en.json';
import nl from './nl.json';

type Catalogue = { [key: string]: string | Catalogue };

/** Every key path of a catalogue ("cookies.category.required") with its text. */
function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') keys.set(path, value);
    else for (const [nested, text] of flatten(value, path)) keys.set(nested, text);
  }
  return keys;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

const catalogues = { nl: flatten(nl), en: flatten(en) };

describe('translations', () => {
  it('has every Dutch key in English', () => {
    const missing = [...catalogues.nl.keys()].filter((key) => !catalogues.en.has(key));
    expect(missing, 'keys missing in en.json').toEqual([]);
  });

  it('has every English key in Dutch (nl is the source)', () => {
    const missing = [...catalogues.en.keys()].filter((key) => !catalogues.nl.has(key));
    expect(missing, 'keys missing in nl.json').toEqual([]);
  });

  it('has no empty texts', () => {
    for (const [locale, keys] of Object.entries(catalogues)) {
      const empty = [...keys].filter(([, text]) => text.trim() === '').map(([key]) => key);
      expect(empty, `empty texts in ${locale}.json`).toEqual([]);
    }
  });

  it('uses the same placeholders in both languages', () => {
    const different = [...catalogues.nl].filter(([key, text]) => {
      const english = catalogues.en.get(key);
      return english !== undefined && placeholders(text).join() !== placeholders(english).join();
    });
    expect(different.map(([key]) => key)).toEqual([]);
  });

  it('has the Dutch labels of SPEC 9', () => {
    expect(nl.table).toEqual({
      noData: 'Geen gegevens beschikbaar',
      noRecords: 'Geen records gevonden',
      loading: 'Laden...',
      recordsPerPage: 'Records per pagina:',
      all: 'Alle',
    });
    expect(Object.values(nl.buttons)).toEqual([
      'Wis',
      'OK',
      'Annuleer',
      'Sluit',
      'Pas toe',
      'Selecteer',
      'Herinitialiseren',
      'Verwijder',
      'Update',
      'Maak aan',
      'Zoek',
      'Filter',
      'Ververs',
    ]);
    expect(nl.tree).toEqual({
      noNodes: 'Geen nodes beschikbaar',
      noMatchingNodes: 'Geen overeenkomstige nodes gevonden',
    });
  });
});
