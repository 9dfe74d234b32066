import { describe, expect, it } from 'vitest';
import { BUILT_IN_PROPERTY_KEYS, propertyKeyProblem } from './profile-properties.ts';

describe('property key rule', () => {
  const hostile = [
    '',
    'a',
    '1abc',
    '-abc',
    '_abc',
    'ab c',
    ' abc',
    'abc ',
    'abc\n',
    'abc\t',
    'a\u0000b',
    'a/b',
    '../etc',
    'a.b',
    'a:b',
    '<script>',
    "a'b",
    'a"b',
    'a;b',
    'naïef',
    'straße',
    'ключ',
    'a\u200bb',
    'ａｂｃ',
    'a%20b',
    'a'.repeat(65),
    '__proto__',
    'constructor.prototype',
  ];
  const valid = ['ab', 'alias', 'accountEmail', 'telefoon-werk', 'lid_nummer', 'K2', 'a'.repeat(64)];

  it.each(hostile)('refuses %j', (value) => {
    expect(propertyKeyProblem(value)).toBe('validation.propertyKey');
  });
  it.each(valid)('keeps %j', (value) => {
    expect(propertyKeyProblem(value)).toBeNull();
  });
  it('knows the built-in keys', () => {
    for (const key of [
      'accountEmail',
      'termsOfUse',
      'privacyStatement',
      'cookies',
      'profielfoto',
      'alias',
      'notificationClose',
    ]) {
      expect(BUILT_IN_PROPERTY_KEYS.has(key)).toBe(true);
    }
  });
});
