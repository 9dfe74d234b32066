import { FIELD_PATTERNS } from './validation.ts';

/*
 * Colours as the site uses them: the WCAG 2.x contrast between two colours, and the palette the theme
 * makes of the site's colour (the `colorScheme` setting). Pure and free of Mantine, so the
 * accessibility check (common/accessibility-checks.ts) works out in the browser and on the server
 * the colours a page is drawn with; web/theme.ts makes the Mantine theme with the same rules.
 */

/** WCAG 2.x AA for normal text (1.4.3). */
export const MIN_TEXT_CONTRAST = 4.5;
export const WHITE = '#ffffff';
export const BLACK = '#000000';
/** The site's colour when the setting holds no usable one (PLATFORM_SETTINGS.colorScheme.default). */
export const DEFAULT_SITE_COLOR = '#1f6fb2';
/** Mantine's default: above this luminance a filled surface gets black text instead of white. */
export const LIGHT_SURFACE_LUMINANCE = 0.3;

const SIX_DIGITS = /^#[0-9a-f]{6}$/i;

/** The red, green and blue (0–255) of `#rgb` or `#rrggbb` (the field rule's colours), else null. */
export function parseHexColor(value: unknown): [number, number, number] | null {
  if (typeof value !== 'string' || value.length > 7 || !FIELD_PATTERNS.hexColor.test(value)) return null;
  const digits =
    value.length === 4 ? [...value.slice(1)].map((digit) => digit + digit).join('') : value.slice(1);
  const number = Number.parseInt(digits, 16);
  return [(number >> 16) & 255, (number >> 8) & 255, number & 255];
}

/** WCAG 2.x relative luminance (0 for black, 1 for white); null when `color` is not a hex colour. */
export function relativeLuminance(color: unknown): number | null {
  const channels = parseHexColor(color);
  if (!channels) return null;
  const [red, green, blue] = channels.map((channel) => {
    const srgb = channel / 255;
    return srgb <= 0.03928 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** WCAG 2.x contrast ratio of two hex colours (1 to 21, in either order); null when one is not a colour. */
export function contrastRatio(first: unknown, second: unknown): number | null {
  const a = relativeLuminance(first);
  const b = relativeLuminance(second);
  if (a === null || b === null) return null;
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** `hex` moved `amount` (0–1) of the way towards grey level `target` (0 black, 255 white), as #rrggbb. */
export function mixColor(hex: string, target: number, amount: number): string {
  const channels = parseHexColor(hex) ?? [0, 0, 0];
  return `#${channels
    .map((channel) => Math.round(channel + (target - channel) * amount))
    .map((channel) => channel.toString(16).padStart(2, '0'))
    .join('')}`;
}

/** The site's colour as the theme reads it: a `#rrggbb` value, else the default. */
export function siteColor(value: unknown): string {
  return typeof value === 'string' && SIX_DIGITS.test(value) ? value : DEFAULT_SITE_COLOR;
}

/** Ten shades around the site's colour: lighter towards 0, the colour itself at 6, darker towards 9. */
export function sitePalette(color: unknown): string[] {
  const base = siteColor(color);
  const light = [0.92, 0.82, 0.68, 0.52, 0.34, 0.16].map((amount) => mixColor(base, 255, amount));
  const dark = [0.14, 0.28, 0.42].map((amount) => mixColor(base, 0, amount));
  return [...light, base, ...dark];
}

/**
 * The theme's primary shade (links, menu bar, filled buttons): the first of 6, 7 and 8 that white
 * text is readable on (and that is readable as text on white), else 9, which may still not be.
 */
export function readablePrimaryShade(palette: readonly string[]): 6 | 7 | 8 | 9 {
  for (const shade of [6, 7, 8] as const) {
    if ((contrastRatio(palette[shade], WHITE) ?? 0) >= MIN_TEXT_CONTRAST) return shade;
  }
  return 9;
}

/**
 * The first colour of `palette`, from shade `from` towards `direction`, that reaches 4.5:1 on
 * `background`; past the end of the palette its last shade is mixed with black (or white) until it does.
 */
export function readableShade(
  palette: readonly string[],
  from: number,
  background: string,
  direction: 'darker' | 'lighter' = 'darker',
): string {
  const step = direction === 'darker' ? 1 : -1;
  for (let shade = from; shade >= 0 && shade < palette.length; shade += step) {
    const color = palette[shade] ?? '';
    if (SIX_DIGITS.test(color) && (contrastRatio(color, background) ?? 0) >= MIN_TEXT_CONTRAST) return color;
  }
  const last = palette[direction === 'darker' ? palette.length - 1 : 0] ?? DEFAULT_SITE_COLOR;
  for (let amount = 0.1; amount < 1; amount += 0.1) {
    const color = mixColor(last, direction === 'darker' ? 0 : 255, amount);
    if ((contrastRatio(color, background) ?? 0) >= MIN_TEXT_CONTRAST) return color;
  }
  return direction === 'darker' ? BLACK : WHITE;
}
