import { createTheme, type MantineColorShade, type MantineColorsTuple } from '@mantine/core';
import { BREAKPOINTS } from '../common/layout';

const HEX = /^#([0-9a-f]{6})$/i;
const DEFAULT_COLOR = '#1f6fb2';
/** WCAG AA for normal text. */
const MIN_CONTRAST = 4.5;

function mix(hex: string, target: number, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channels = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((channel) =>
    Math.round(channel + (target - channel) * amount),
  );
  return `#${channels.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

function relativeLuminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  const [red, green, blue] = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((channel) => {
    const srgb = channel / 255;
    return srgb <= 0.03928 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** WCAG contrast ratio of a colour against white. */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (relativeLuminance(hex) + 0.05);
}

/** Ten shades around the site's colour: lighter towards 0, the colour itself at 6, darker towards 9. */
export function colorTuple(hex: string): MantineColorsTuple {
  const base = HEX.test(hex) ? hex : DEFAULT_COLOR;
  const light = [0.92, 0.82, 0.68, 0.52, 0.34, 0.16].map((amount) => mix(base, 255, amount));
  const dark = [0.14, 0.28, 0.42].map((amount) => mix(base, 0, amount));
  return [...light, base, ...dark] as unknown as MantineColorsTuple;
}

/**
 * The shade used for links, the menu bar and filled buttons: the site's own colour when white text
 * on it (and it as text on white) is readable, otherwise the first darker shade that is.
 */
export function readablePrimaryShade(colors: MantineColorsTuple): MantineColorShade {
  for (const shade of [6, 7, 8] as const) {
    if (contrastWithWhite(colors[shade]) >= MIN_CONTRAST) return shade;
  }
  return 9;
}

/** The Mantine theme from the platform's colour scheme setting. */
export function siteTheme(colorScheme: string) {
  const site = colorTuple(colorScheme);
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
  });
}
