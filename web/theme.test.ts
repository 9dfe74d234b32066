import { describe, expect, it } from 'vitest';
import { colorTuple, contrastWithWhite, readablePrimaryShade } from './theme';

describe('site theme', () => {
  it('keeps a dark enough site colour as the primary shade', () => {
    expect(readablePrimaryShade(colorTuple('#2f7d4f'))).toBe(6);
  });

  it('darkens a light site colour until white text on it is readable', () => {
    const colors = colorTuple('#f5c400');
    const shade = readablePrimaryShade(colors);
    expect(shade).toBeGreaterThan(6);
    expect(contrastWithWhite(colors[shade])).toBeGreaterThanOrEqual(4.5);
  });

  it('falls back to the default colour for a value that is not #rrggbb', () => {
    expect(colorTuple('green')[6]).toBe('#1f6fb2');
  });
});
