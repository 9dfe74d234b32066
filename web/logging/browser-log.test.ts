import { describe, expect, it } from 'vitest';
import { consoleLevel } from './browser-log';

describe('consoleLevel', () => {
  const abort = new DOMException('The user aborted a request.', 'AbortError');

  it.each([
    ['Chromium', new TypeError('Failed to fetch')],
    ['Firefox', new TypeError('NetworkError when attempting to fetch resource.')],
    ['Safari', new TypeError('Load failed')],
    ['an abort', abort],
  ])('keeps a route manifest fetch cut off in %s at info level', (_browser, error) => {
    expect(consoleLevel('error', ['Failed to fetch manifest patches', error])).toBe('info');
  });

  it('keeps other failures of the manifest fetch, and every other error, as errors', () => {
    expect(
      consoleLevel('error', ['Failed to fetch manifest patches', new SyntaxError('Unexpected token <')]),
    ).toBe('error');
    expect(consoleLevel('error', ['Something else', new TypeError('Failed to fetch')])).toBe('error');
    expect(consoleLevel('warn', ['A warning'])).toBe('warn');
  });
});
