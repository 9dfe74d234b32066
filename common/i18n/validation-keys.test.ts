import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { issueMessage } from '../issues.ts';
import en from './en.json';
import nl from './nl.json';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function sourceFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const has = (catalogue: object, key: string) =>
  typeof key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue) ===
  'string';

describe('validation messages', () => {
  it('has every validation key the code can return in both languages', async () => {
    const files = (
      await Promise.all(['common', 'server', 'web'].map((dir) => sourceFiles(path.join(ROOT, dir))))
    ).flat();
    const keys = new Set<string>();
    for (const file of files) {
      for (const match of (await readFile(file, 'utf8')).matchAll(/['"`](validation\.[A-Za-z.]+)['"`]/g)) {
        keys.add(match[1]!);
      }
    }
    for (const expected of ['string', 'number', 'int', 'boolean', 'object', 'array', 'date']) {
      keys.add(issueMessage({ code: 'invalid_type', expected }).key);
    }
    expect(keys.size).toBeGreaterThan(30);
    const missing = [...keys].filter((key) => !has(nl, key) || !has(en, key));
    expect(missing, 'validation keys missing in nl.json or en.json').toEqual([]);
  });

  it('turns schema problems into keys with the limits they name', () => {
    expect(issueMessage({ code: 'too_small', origin: 'string', minimum: 1 })).toEqual({
      key: 'validation.required',
    });
    expect(issueMessage({ code: 'too_big', origin: 'string', maximum: 200 })).toEqual({
      key: 'validation.maxLength',
      params: { maximum: 200 },
    });
    expect(issueMessage({ code: 'invalid_format', format: 'uuid' })).toEqual({ key: 'validation.guid' });
    expect(issueMessage({ code: 'custom', message: 'validation.hexColor' })).toEqual({
      key: 'validation.hexColor',
    });
    expect(issueMessage({ code: 'custom', message: 'must be something' })).toEqual({
      key: 'validation.invalid',
    });
  });
});
