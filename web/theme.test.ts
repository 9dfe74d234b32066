import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  colorTuple,
  contrastRatio,
  contrastWithWhite,
  readableColors,
  readablePrimaryShade,
  readableShade,
  siteTheme,
} from './theme';

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

describe('readable colours (WCAG AA, 4.5:1)', () => {
  const theme = mergeMantineTheme(DEFAULT_THEME, siteTheme('#1f6fb2'));
  const variables = readableColors(theme);
  const light = variables.light as Record<string, string>;
  const dark = variables.dark as Record<string, string>;

  it('gives form errors a red that is readable on white (Mantine’s red.6 is 3.28:1)', () => {
    const error = light['--mantine-color-error'] ?? '';
    expect(contrastWithWhite(DEFAULT_THEME.colors.red[6])).toBeLessThan(4.5);
    expect(contrastWithWhite(error)).toBeGreaterThanOrEqual(4.5);
  });

  it('gives form errors in the dark scheme a red that is readable on the dark body', () => {
    const error = dark['--mantine-color-error'] ?? '';
    expect(contrastRatio(error, DEFAULT_THEME.colors.dark[7])).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['red', 'orange', 'green', 'teal', 'yellow', 'gray', 'blue', 'site'])(
    '%s: outline and subtle text on white, light-variant text on its tint, white on filled',
    (name) => {
      const colors = theme.colors[name] ?? [];
      const outline = light[`--mantine-color-${name}-outline`] ?? '';
      expect(contrastWithWhite(outline)).toBeGreaterThanOrEqual(4.5);
      expect(contrastWithWhite(light[`--mantine-color-${name}-text`] ?? '')).toBeGreaterThanOrEqual(4.5);
      const lightColor = light[`--mantine-color-${name}-light-color`] ?? '';
      expect(contrastRatio(lightColor, colors[1] ?? '')).toBeGreaterThanOrEqual(4.5);
      const filled = light[`--mantine-color-${name}-filled`];
      // Filled colours light enough for black text (autoContrast) are left as they are.
      if (filled) expect(contrastWithWhite(filled)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('keeps secondary (dimmed) text at gray.7', () => {
    expect(light['--mantine-color-dimmed']).toBe('var(--mantine-color-gray-7)');
  });
});

describe('readableShade', () => {
  it('goes past the palette’s darkest shade when even that is not readable', () => {
    const pale = ['#ffffff', '#fffff0', '#ffffe0'];
    const color = readableShade(pale, 0, '#ffffff');
    expect(contrastWithWhite(color)).toBeGreaterThanOrEqual(4.5);
  });
});
