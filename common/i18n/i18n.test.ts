import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import accountEn from './account.en.json';
import accountNl from './account.nl.json';
import adminEn from './admin.en.json';
import adminNl from './admin.nl.json';
import datesEn from './dates.en.json';
import datesNl from './dates.nl.json';
import editorEn from './editor.en.json';
import editorNl from './editor.nl.json';
import en from './en.json';
import formResultsEn from './form-results.en.json';
import formResultsNl from './form-results.nl.json';
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

/**
 * The texts come in several catalogues: the shared one every screen may use, and those of the
 * account screens, the admin area, the block editor, a form's results and the date pickers
 * (web/i18n/account.ts, admin.ts, editor.ts, form-results.ts, dates.ts), so a visitor's bundle
 * carries only the first.
 */
const parts = {
  shared: { nl, en },
  account: { nl: accountNl, en: accountEn },
  admin: { nl: adminNl, en: adminEn },
  editor: { nl: editorNl, en: editorEn },
  'form-results': { nl: formResultsNl, en: formResultsEn },
  dates: { nl: datesNl, en: datesEn },
} as const;
const catalogues = {
  nl: flatten({ ...nl, ...accountNl, ...adminNl, ...editorNl, ...formResultsNl, ...datesNl }),
  en: flatten({ ...en, ...accountEn, ...adminEn, ...editorEn, ...formResultsEn, ...datesEn }),
};

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('catalogues', () => {
  it('gives every namespace to exactly one catalogue, the same one in both languages', () => {
    const owner = new Map<string, string>();
    for (const [name, part] of Object.entries(parts)) {
      expect(Object.keys(part.en), `namespaces of ${name}`).toEqual(Object.keys(part.nl));
      for (const namespace of Object.keys(part.nl)) {
        expect(owner.get(namespace), `namespace ${namespace}`).toBeUndefined();
        owner.set(namespace, name);
      }
    }
  });

  it('is registered by every web module that uses the account, admin, editor, form-results or dates texts', async () => {
    const entries = await readdir(path.join(ROOT, 'web'), { withFileTypes: true, recursive: true });
    const files = entries
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts'))
      .map((entry) => path.join(entry.parentPath, entry.name))
      .filter((file) => !file.includes(`${path.sep}web${path.sep}i18n${path.sep}`));
    const unregistered: string[] = [];
    for (const name of ['account', 'admin', 'editor', 'form-results', 'dates'] as const) {
      const namespaces = Object.keys(parts[name].nl).join('|');
      const usesTexts = new RegExp(`['"\`](${namespaces})\\.[A-Za-z]`);
      for (const file of files) {
        const source = await readFile(file, 'utf8');
        const registers = new RegExp(`^import '(\\.\\.?/)+i18n/${name}';$`, 'm');
        if (usesTexts.test(source) && !registers.test(source)) {
          unregistered.push(`${path.relative(ROOT, file)} → web/i18n/${name}.ts`);
        }
      }
    }
    expect(unregistered).toEqual([]);
  });
});

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
