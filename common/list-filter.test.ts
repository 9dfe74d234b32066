import { describe, expect, it } from 'vitest';
import { formatListFilter, parseListFilter } from './list-items.ts';

describe('the list filter language', () => {
  it('parses type, parent, highlight and expired terms; several of one key mean any of them', () => {
    const guid = '3F2A9C1E-1111-4111-8111-111111111111';
    expect(
      parseListFilter(` type:nieuws , type:evenement,parent:${guid},highlight:true,expired:false `),
    ).toEqual({
      types: ['nieuws', 'evenement'],
      parentGuids: [guid.toLowerCase()],
      highlightOnly: true,
      showExpired: false,
    });
    expect(parseListFilter('')).toEqual({
      types: [],
      parentGuids: [],
      highlightOnly: false,
      showExpired: false,
    });
  });

  it.each([
    'type',
    'type:',
    ':nieuws',
    'type:Nieuws',
    "type:x' OR 1=1",
    'parent:123',
    'highlight:ja',
    'kleur:rood',
    `type:${'a'.repeat(65)}`,
    Array.from({ length: 51 }, () => 'type:a').join(','),
  ])('refuses %j', (value) => {
    expect(parseListFilter(value)).toBeNull();
  });

  it('writes a filter back that parses to the same', () => {
    const filter = { types: ['nieuws'], parentGuids: [], highlightOnly: true, showExpired: true };
    expect(parseListFilter(formatListFilter(filter))).toEqual(filter);
  });
});
