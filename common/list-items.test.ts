import { describe, expect, it } from 'vitest';
import { listItemTypeLabel } from './item-type-labels.ts';
import { itemDisplayDate } from './list-items.ts';

describe('listItemTypeLabel', () => {
  it('gives the catalogue’s name of a known type, per language', () => {
    expect(listItemTypeLabel('nieuws', 'nl')).toBe('Nieuws');
    expect(listItemTypeLabel('nieuws', 'en')).toBe('News');
    expect(listItemTypeLabel('evenement', 'nl')).toBe('Evenement');
    expect(listItemTypeLabel('evenement', 'en')).toBe('Event');
  });

  it('makes an unknown type’s name readable instead of showing it raw', () => {
    expect(listItemTypeLabel('vacature', 'nl')).toBe('Vacature');
    expect(listItemTypeLabel('open_dag', 'en')).toBe('Open dag');
    expect(listItemTypeLabel('open--dag-2', 'nl')).toBe('Open dag 2');
  });

  it('does not take names from the object prototype', () => {
    expect(listItemTypeLabel('constructor', 'nl')).toBe('Constructor');
    expect(listItemTypeLabel('tostring', 'en')).toBe('Tostring');
  });
});

describe('itemDisplayDate', () => {
  const publishedOn = '2026-01-01T09:00:00.000Z';
  const periodEnd = '2026-03-12T19:00:00.000Z';

  it('shows an event’s own date (the end of its period), not its publication date', () => {
    expect(itemDisplayDate({ listItemTypeName: 'evenement', publishedOn, periodEnd })).toEqual({
      kind: 'event',
      date: periodEnd,
    });
  });

  it('shows the publication date of other items, and of an event without a date', () => {
    expect(itemDisplayDate({ listItemTypeName: 'nieuws', publishedOn, periodEnd })).toEqual({
      kind: 'published',
      date: publishedOn,
    });
    expect(itemDisplayDate({ listItemTypeName: 'evenement', publishedOn, periodEnd: null })).toEqual({
      kind: 'published',
      date: publishedOn,
    });
  });
});
