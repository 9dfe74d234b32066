/*
 * The little of i18next the site uses, in a few hundred bytes instead of i18next's 14 KB (issue 12):
 * dotted keys, `{{name}}` values, `_one`/`_other` plurals by `count`, Dutch as the fallback language
 * and `defaultValue`. Texts are plain strings (React escapes them), never HTML.
 */

export type Catalogue = { [key: string]: string | Catalogue };

/** What `t` takes besides the key: the values of the text's `{{placeholders}}`, `count`, `defaultValue`. */
export type TOptions = { count?: number; defaultValue?: string; [value: string]: unknown };

export type TFunction = (key: string, options?: TOptions) => string;

/** The text at a dotted key path of a catalogue; undefined when there is none (or a section). */
export function lookup(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A placeholder without a value stays as it is written, as i18next leaves it. */
function interpolate(text: string, options: TOptions): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (placeholder, path: string) => {
    let value: unknown = options;
    for (const part of path.split('.')) {
      value =
        typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[part] : undefined;
    }
    return value === undefined || value === null ? placeholder : String(value);
  });
}

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralCategory(language: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/**
 * The text of `key` in the first of `languages` that has it (with `count`: its plural form
 * `key_one`/`key_other` first), its values filled in; else `defaultValue`; else the key itself.
 */
export function translate(
  catalogueOf: (language: string) => Catalogue | undefined,
  languages: readonly string[],
  key: string,
  options: TOptions = {},
): string {
  for (const language of languages) {
    const catalogue = catalogueOf(language);
    const text =
      (typeof options.count === 'number'
        ? lookup(catalogue, `${key}_${pluralCategory(language, options.count)}`)
        : undefined) ?? lookup(catalogue, key);
    if (text !== undefined) return interpolate(text, options);
  }
  return options.defaultValue === undefined ? key : interpolate(options.defaultValue, options);
}
