import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorShade,
  type MantineColorsTuple,
  type MantineTheme,
  type MantineThemeComponents,
} from '@mantine/core';
import {
  DEFAULT_SITE_COLOR,
  mixColor,
  parseHexColor,
  readableShade,
  relativeLuminance,
  contrastRatio as sharedContrastRatio,
  readablePrimaryShade as sharedReadablePrimaryShade,
  sitePalette,
  WHITE,
} from '../common/colors';
import { BREAKPOINTS } from '../common/layout';

// The palette and contrast rules live in common/colors.ts, shared with the accessibility checker
// (issue 13), which must judge the colours the theme really draws.

/** WCAG contrast ratio of two #rrggbb colours. */
export function contrastRatio(first: string, second: string): number {
  return sharedContrastRatio(first, second) ?? 1;
}

/** WCAG contrast ratio of a colour against white. */
export function contrastWithWhite(hex: string): number {
  return contrastRatio(hex, WHITE);
}

/** Ten shades around the site's colour: lighter towards 0, the colour itself at 6, darker towards 9. */
export function colorTuple(hex: string): MantineColorsTuple {
  return sitePalette(hex) as unknown as MantineColorsTuple;
}

/**
 * The shade used for links, the menu bar and filled buttons: the site's own colour when white text
 * on it (and it as text on white) is readable, otherwise the first darker shade that is.
 */
export function readablePrimaryShade(colors: MantineColorsTuple): MantineColorShade {
  return sharedReadablePrimaryShade(colors);
}

export { readableShade };

/** Mantine's own body colour in the dark scheme (dark.7). */
const DARK_BODY = DEFAULT_THEME.colors.dark[7];

/**
 * Colours that keep text readable (WCAG AA, 4.5:1) wherever Mantine puts a theme colour behind or
 * as text: error messages (Mantine's red.6 is 3.3:1 on white), outline and subtle buttons, light
 * badges and alerts (red.9 on red.1, orange.9 on orange.1 …), filled buttons with white text, and
 * secondary (dimmed) text. The light scheme is what the site uses; the dark scheme gets a readable
 * error colour as well.
 */
export const readableColors: CSSVariablesResolver = (theme: MantineTheme) => {
  const shade = typeof theme.primaryShade === 'number' ? theme.primaryShade : (theme.primaryShade.light ?? 6);
  const light: Record<string, string> = {
    // Mantine's dimmed grey (gray.6) is 3.3:1 on white.
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': readableShade(theme.colors.red, 8, WHITE),
  };
  for (const [name, colors] of Object.entries(theme.colors)) {
    if (name === 'dark' || colors.some((color) => parseHexColor(color) === null || color.length !== 7))
      continue;
    const onWhite = readableShade(colors, shade, WHITE);
    light[`--mantine-color-${name}-text`] = onWhite;
    light[`--mantine-color-${name}-outline`] = onWhite;
    light[`--mantine-color-${name}-light-color`] = readableShade(colors, 9, colors[1] ?? WHITE);
    // autoContrast writes black on a light filled colour (readable as it is) and white on the
    // others: those get a shade that white text is readable on.
    if ((relativeLuminance(colors[shade] ?? DEFAULT_SITE_COLOR) ?? 0) <= theme.luminanceThreshold) {
      light[`--mantine-color-${name}-filled`] = onWhite;
      light[`--mantine-color-${name}-filled-hover`] = mixColor(onWhite, 0, 0.15);
    }
  }
  return {
    variables: {},
    light,
    dark: { '--mantine-color-error': readableShade(theme.colors.red, 8, DARK_BODY, 'lighter') },
  };
};

/** Names of the controls Mantine draws without text (close and clear buttons, the eye dropper). */
export type ThemeLabels = { close: string; clear: string; eyeDropper: string };

/** The Mantine theme from the platform's colour scheme setting, in the interface language. */
export function siteTheme(
  colorScheme: string,
  labels: ThemeLabels = { close: 'Sluit', clear: 'Wis', eyeDropper: 'Kies een kleur van het scherm' },
) {
  const site = colorTuple(colorScheme);
  const closeButtonProps = { 'aria-label': labels.close };
  return createTheme({
    primaryColor: 'site',
    primaryShade: readablePrimaryShade(site),
    // Text on filled surfaces turns dark when the site's colour is light.
    autoContrast: true,
    colors: { site },
    breakpoints: {
      xs: `${BREAKPOINTS.small / 16}em`,
      sm: `${BREAKPOINTS.small / 16}em`,
      md: `${BREAKPOINTS.medium / 16}em`,
      lg: `${BREAKPOINTS.large / 16}em`,
      xl: `${BREAKPOINTS.extraLarge / 16}em`,
    },
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    headings: { fontWeight: '700' },
    defaultRadius: 'sm',
    // Plain objects, not `Modal.extend(…)`: extend would import each component (the colour input
    // among them) into every page's bundle, for visitors who never see most of them.
    components: {
      // Every close button has a name, whichever dialog or notice draws it.
      Modal: { defaultProps: { closeButtonProps } },
      Drawer: { defaultProps: { closeButtonProps } },
      Notification: { defaultProps: { closeButtonProps } },
      // The clear button of date pickers and selects.
      InputClearButton: { defaultProps: { 'aria-label': labels.clear } },
      ColorInput: {
        defaultProps: {
          eyeDropperButtonProps: { 'aria-label': labels.eyeDropper, title: labels.eyeDropper },
        },
      },
      // Without the focus placeholder (a focusable element with role presentation) a menu holds
      // only menu items, as role="menu" requires; the first item takes the focus instead.
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    } satisfies MantineThemeComponents,
  });
}

const sharedThemes = new Map<string, ReturnType<typeof siteTheme>>();

/**
 * `siteTheme`, one object per colour and labels: every render of a page in one language shares it,
 * so what is worked out from a theme is worked out once (web/theme-variables.tsx). A site has one
 * colour at a time, so a handful of entries is plenty.
 */
export function sharedSiteTheme(colorScheme: string, labels: ThemeLabels): ReturnType<typeof siteTheme> {
  const key = [colorScheme, labels.close, labels.clear, labels.eyeDropper].join('\u0000');
  let theme = sharedThemes.get(key);
  if (theme === undefined) {
    if (sharedThemes.size >= 16) sharedThemes.delete(sharedThemes.keys().next().value as string);
    theme = siteTheme(colorScheme, labels);
    sharedThemes.set(key, theme);
  }
  return theme;
}
