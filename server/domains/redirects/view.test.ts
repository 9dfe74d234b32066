import { describe, expect, it } from 'vitest';
import { redirectCandidates, redirectLocation } from './view.ts';

describe('redirectCandidates', () => {
  it('tries the path, then the page of an edit or item URL', () => {
    expect(redirectCandidates('/oud')).toEqual([{ fromPath: '/oud', suffix: '' }]);
    expect(redirectCandidates('/oud/edit')).toEqual([
      { fromPath: '/oud/edit', suffix: '' },
      { fromPath: '/oud', suffix: '/edit' },
    ]);
    expect(redirectCandidates('/a/oud/i/x1y2/titel')).toEqual([
      { fromPath: '/a/oud/i/x1y2/titel', suffix: '' },
      { fromPath: '/a/oud', suffix: '/i/x1y2/titel' },
    ]);
    expect(redirectCandidates('/oud/i/x1y2')).toContainEqual({ fromPath: '/oud', suffix: '/i/x1y2' });
  });

  it('does not take an "i" segment far from the end for an item URL', () => {
    expect(redirectCandidates('/i/a/b/c')).toEqual([{ fromPath: '/i/a/b/c', suffix: '' }]);
  });
});

describe('redirectLocation', () => {
  it('keeps the suffix and the query for a local target', () => {
    expect(redirectLocation('/nieuw', '/edit', '?x=1')).toBe('/nieuw/edit?x=1');
    expect(redirectLocation('/', '/edit', '')).toBe('/edit');
    expect(redirectLocation('/', '', '')).toBe('/');
    expect(redirectLocation('/zoeken?q=a', '', '?page=2')).toBe('/zoeken?q=a&page=2');
  });

  it('uses an external target as it is, in ASCII', () => {
    expect(redirectLocation('https://www.rijksoverheid.nl/', '/edit', '?x=1')).toBe(
      'https://www.rijksoverheid.nl/',
    );
    expect(redirectLocation('https://bücher.example/straße', '', '')).toBe(
      'https://xn--bcher-kva.example/stra%C3%9Fe',
    );
  });

  it('answers the target alone for a suffix or query that is no return path (issue 33)', () => {
    // The suffix comes from the request's decoded path: a newline would break the Location header.
    expect(redirectLocation('/nieuw', '/i/\n/titel', '')).toBe('/nieuw');
    expect(redirectLocation('/', '/i/../\\evil.example', '')).toBe('/');
    expect(redirectLocation('/', '/i/../..//evil.example', '')).toBe('/');
    expect(redirectLocation('/nieuw?x=1', '/i/\t', '?y=2')).toBe('/nieuw?x=1');
    expect(redirectLocation('/nieuw', '', '?returnTo=%0A')).toBe('/nieuw');
    // What is left is ASCII: other characters are percent-encoded.
    expect(redirectLocation('/nieuw', '/i/12/café', '')).toBe('/nieuw/i/12/caf%C3%A9');
    expect(redirectLocation('/nieuw', '/i/12/。', '')).toBe('/nieuw');
  });
});
