import { createTheme, type MantineColorsTuple } from '@mantine/core';
import { BREAKPOINTS } from '../common/layout';

const HEX = /^#([0-9a-f]{6})$/i;

function mix(hex: string, target: number, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channels = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((channel) =>
    Math.round(channel + (target - channel) * amount),
  );
  return `#${channels.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

/** Ten shades around the site's colour: lighter towards 0, the colour itself at 6, darker towards 9. */
export function colorTuple(hex: string): MantineColorsTuple {
  const base = HEX.test(hex) ? hex : '#1f6fb2';
  const light = [0.92, 0.82, 0.68, 0.52, 0.34, 0.16].map((amount) => mix(base, 255, amount));
  const dark = [0.14, 0.28, 0.42].map((amount) => mix(base, 0, amount));
  return [...light, base, ...dark] as unknown as MantineColorsTuple;
}

/** The Mantine theme from the platform's colour scheme setting. */
export function siteTheme(colorScheme: string) {
  return createTheme({
    primaryColor: 'site',
    primaryShade: 6,
    colors: { site: colorTuple(colorScheme) },
    breakpoints: {
      xs: `${BREAKPOINTS.small / 16}em`,
      sm: `${BREAKPOINTS.small / 16}em`,
      md: `${BREAKPOINTS.medium / 16}em`,
      lg: `${BREAKPOINTS.large / 16}em`,
      xl: `${BREAKPOINTS.extraLarge / 16}em`,
    },
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    defaultRadius: 'sm',
  });
}
