import {
  type ConvertCSSVariablesInput,
  convertCssVariables,
  DEFAULT_THEME,
  deepMerge,
  defaultCssVariablesResolver,
  type MantineThemeOverride,
  mergeMantineTheme,
} from '@mantine/core';
import { readableColors } from './theme';

/**
 * The site theme's CSS variables, as Mantine's provider writes them (its `MantineCssVariables`),
 * worked out once per theme object instead of on every render: on the server that was 8 % of a
 * page render (issue 12). The root renders the provider with `withCssVariables={false}` and this in
 * its place; `sharedSiteTheme` hands every render of one colour and language the same theme object.
 */
export function ThemeCssVariables({ theme }: { theme: MantineThemeOverride }) {
  // The same element and content as Mantine's, so the server's HTML and hydration agree.
  const css = themeCss(theme);
  if (!css) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: CSS variables made from validated #rrggbb colours
  return <style data-mantine-styles dangerouslySetInnerHTML={{ __html: css }} />;
}

const cssOfTheme = new WeakMap<MantineThemeOverride, string>();
let mantineDefaults: ConvertCSSVariablesInput | undefined;

/** The `:root` CSS of a theme's variables that differ from Mantine's defaults (its stylesheet has those). */
export function themeCss(theme: MantineThemeOverride): string {
  let css = cssOfTheme.get(theme);
  if (css === undefined) {
    const merged = mergeMantineTheme(DEFAULT_THEME, theme);
    const variables: ConvertCSSVariablesInput = deepMerge(
      defaultCssVariablesResolver(merged),
      readableColors(merged),
    );
    mantineDefaults ??= defaultCssVariablesResolver(DEFAULT_THEME);
    css = convertCssVariables({
      variables: changedVariables(variables.variables, mantineDefaults.variables),
      light: changedVariables(variables.light, mantineDefaults.light),
      dark: changedVariables(variables.dark, mantineDefaults.dark),
    });
    cssOfTheme.set(theme, css);
  }
  return css;
}

function changedVariables(values: Record<string, string>, defaults: Record<string, string>) {
  return Object.fromEntries(Object.entries(values).filter(([name, value]) => defaults[name] !== value));
}
