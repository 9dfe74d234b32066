import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { readableColors, sharedSiteTheme, siteTheme } from './theme';
import { ThemeCssVariables, themeCss } from './theme-variables';

const LABELS = { close: 'Sluit', clear: 'Wis', eyeDropper: 'Kies een kleur' };

/** The style elements of a render that set the theme's variables. */
function variablesStyles(html: string): (string | undefined)[] {
  return [...html.matchAll(/<style data-mantine-styles="true">([\s\S]*?)<\/style>/g)]
    .map(([, css]) => css)
    .filter((css) => css?.includes('--mantine-color-site'));
}

describe('the theme CSS variables, worked out once per theme', () => {
  it.each(['#1f6fb2', '#f5c400', '#2f7d4f'])('write what Mantine itself writes for %s', (colour) => {
    const theme = siteTheme(colour, LABELS);
    const mantine = renderToString(
      createElement(MantineProvider, { theme, cssVariablesResolver: readableColors }, null),
    );
    const ours = renderToString(
      createElement(
        MantineProvider,
        { theme, withCssVariables: false },
        createElement(ThemeCssVariables, { theme }),
      ),
    );
    const expected = variablesStyles(mantine);
    expect(expected).toHaveLength(1);
    // Mantine's own element is gone: the same variables, written once.
    expect(variablesStyles(ours)).toEqual(expected);
  });

  it('shares one theme object, and its CSS, per colour and labels', () => {
    const first = sharedSiteTheme('#1f6fb2', LABELS);
    expect(sharedSiteTheme('#1f6fb2', { ...LABELS })).toBe(first);
    expect(sharedSiteTheme('#1f6fb2', { ...LABELS, close: 'Close' })).not.toBe(first);
    expect(sharedSiteTheme('#2f7d4f', LABELS)).not.toBe(first);
    expect(themeCss(first)).toBe(themeCss(first));
  });
});
