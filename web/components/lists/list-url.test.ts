import { describe, expect, it } from 'vitest';
import { isEditPath } from '../../../common/pages';
import { formatItemDate, listSearch, otherParams, parseItemPath } from './list-url';

const GUID = '3f2a9c1e-0000-4000-8000-000000000001';
const OTHER = 'aaaabbbb-0000-4000-8000-000000000002';

describe('list state in the URL', () => {
  it('sets a page and keeps other lists and the language', () => {
    const current = new URLSearchParams(`lang=en&aaaabbbb_page=3&3f2a9c1e_sort=title_asc`);
    expect(listSearch(current, GUID, { page: 2 })).toBe(
      '?lang=en&aaaabbbb_page=3&3f2a9c1e_sort=title_asc&3f2a9c1e_page=2',
    );
  });

  it('leaves page 1 and empty values out of the URL', () => {
    const current = new URLSearchParams('3f2a9c1e_page=4&3f2a9c1e_q=fiets');
    expect(listSearch(current, GUID, { page: 1 })).toBe('?3f2a9c1e_q=fiets');
    expect(listSearch(current, GUID, { q: '' })).toBe('');
  });

  it('starts at page 1 again when the sort, filter or search changes', () => {
    const current = new URLSearchParams('3f2a9c1e_page=4');
    expect(listSearch(current, GUID, { sort: 'title_desc' })).toBe('?3f2a9c1e_sort=title_desc');
    expect(listSearch(current, GUID, { filter: 'type:nieuws' })).toBe('?3f2a9c1e_filter=type%3Anieuws');
  });

  it('hands the form the parameters of everything but this list', () => {
    const current = new URLSearchParams('3f2a9c1e_page=2&aaaabbbb_q=x&lang=nl');
    expect(otherParams(current, GUID)).toEqual([
      ['aaaabbbb_q', 'x'],
      ['lang', 'nl'],
    ]);
    expect(otherParams(current, OTHER)).toEqual([
      ['3f2a9c1e_page', '2'],
      ['lang', 'nl'],
    ]);
  });
});

describe('item paths', () => {
  it('splits a page path, id and slug at the last /i/ segment', () => {
    expect(parseItemPath('/nieuws/i/Ab3dE9xZ/de-titel')).toEqual({
      path: '/nieuws',
      id: 'Ab3dE9xZ',
      slug: 'de-titel',
    });
    expect(parseItemPath('/over-ons/team/i/Ab3dE9xZ')).toEqual({
      path: '/over-ons/team',
      id: 'Ab3dE9xZ',
      slug: null,
    });
    expect(parseItemPath('/i/Ab3dE9xZ/titel')).toEqual({ path: '/', id: 'Ab3dE9xZ', slug: 'titel' });
    expect(parseItemPath('/i/i/i/Ab3dE9xZ/titel')).toEqual({ path: '/i/i', id: 'Ab3dE9xZ', slug: 'titel' });
  });

  it('is not an item path without an id after /i/, or with more than a slug after it', () => {
    expect(parseItemPath('/nieuws')).toBeNull();
    expect(parseItemPath('/nieuws/i')).toBeNull();
    expect(parseItemPath('/nieuws/i/abc/titel/meer')).toBeNull();
    expect(parseItemPath('/nieuws/i/%E0%A4%A/titel')).toBeNull();
  });

  it('knows edit mode by the /edit suffix', () => {
    expect(isEditPath('/edit')).toBe(true);
    expect(isEditPath('/nieuws/edit')).toBe(true);
    expect(isEditPath('/nieuws')).toBe(false);
    expect(isEditPath('/editors')).toBe(false);
  });
});

describe('item dates', () => {
  it('are written in the site time zone, in the reader language', () => {
    // 23:30 UTC is already the next day in Amsterdam.
    expect(formatItemDate('2026-03-14T23:30:00Z', 'nl')).toBe('15 maart 2026');
    expect(formatItemDate('2026-03-14T23:30:00Z', 'en')).toBe('15 March 2026');
    expect(formatItemDate(null, 'nl')).toBe('');
    expect(formatItemDate('geen datum', 'nl')).toBe('');
  });
});
