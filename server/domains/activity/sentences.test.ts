import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../common/localized-text.ts';
import { COMMANDS } from '../write.ts';
import { SENTENCES, sentenceOf } from './sentences.ts';

describe('activity sentences', () => {
  it('has a sentence in Dutch and English for every command', () => {
    const missing = Object.keys(COMMANDS).flatMap((action) =>
      LOCALES.flatMap((locale) => {
        const sentence = sentenceOf(action)?.[locale];
        return sentence && sentence.trim() !== '' ? [] : [`${action} (${locale})`];
      }),
    );
    expect(missing).toEqual([]);
  });

  it('names no action that is not a command', () => {
    const commands = new Set(Object.keys(COMMANDS));
    expect(Object.keys(SENTENCES).filter((action) => !commands.has(action))).toEqual([]);
  });

  it('uses only the placeholders the presenter fills in, the same ones in both languages', () => {
    for (const [action, sentence] of Object.entries(SENTENCES)) {
      const placeholders = LOCALES.map((locale) =>
        [...sentence[locale].matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort(),
      );
      for (const names of placeholders) {
        expect(
          names.every((name) => name === 'actor' || name === 'subject'),
          action,
        ).toBe(true);
      }
      expect(placeholders[0], action).toEqual(placeholders[1]);
      // No key or code reaches the reader.
      for (const locale of LOCALES) expect(sentence[locale], action).not.toMatch(/\b\w+\.\w+\b/);
    }
  });
});
