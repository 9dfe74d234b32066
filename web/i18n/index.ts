import { createContext, createElement, type ReactNode, useContext } from 'react';
import nl from '../../common/i18n/nl.json';
import { DEFAULT_LOCALE, FALLBACK_LOCALE, isLocale, LOCALES, type Locale } from '../../common/localized-text';
import { type Catalogue, type TFunction, translate } from './translate';

export type { TFunction, TOptions } from './translate';
/** The shared catalogue's shape (Dutch is the source; English has the same keys, see i18n.test.ts). */
export type SharedCatalogue = typeof nl;

/**
 * The texts every screen may need, per language. Dutch, the default and the fallback language, is
 * always here; another language's catalogue comes when a page in it is shown (`loadLocale`), so a
 * visitor's browser loads only the languages it shows. The server registers all of them at start
 * (entry.server.tsx). The admin area's and the block editor's texts are separate catalogues
 * (./admin.ts, ./editor.ts), registered by the modules that use them, so a visitor's bundle never
 * carries them.
 */
const resources: Record<Locale, { translation: Catalogue } | undefined> = {
  nl: { translation: { ...nl } },
  en: undefined,
};

/** Catalogues registered before their language's shared catalogue arrived, added when it does. */
const pending: Record<Locale, Catalogue[]> = { nl: [], en: [] };

/**
 * Adds the namespaces of a catalogue to every locale (the instances read the catalogues as they are,
 * so the ones already rendering have them too). Importing the module that calls this (a route or
 * lazy component) makes its texts present before that module's components render, on the server
 * and on hydration alike.
 */
export function registerCatalogue(catalogue: Record<Locale, Catalogue>): void {
  for (const locale of LOCALES) {
    const loaded = resources[locale];
    if (loaded) Object.assign(loaded.translation, catalogue[locale]);
    else pending[locale].push(catalogue[locale]);
  }
}

/** Makes a language's shared catalogue present (the server does this for every language at start). */
export function registerLocale(locale: Locale, shared: Catalogue): void {
  if (resources[locale]) return;
  const translation: Catalogue = { ...shared };
  for (const catalogue of pending[locale].splice(0)) Object.assign(translation, catalogue);
  resources[locale] = { translation };
}

export function hasLocale(locale: Locale): boolean {
  return resources[locale] !== undefined;
}

/** The languages other than Dutch, each its own chunk in the browser. */
const LOCALE_LOADERS: Record<Exclude<Locale, 'nl'>, () => Promise<{ default: Catalogue }>> = {
  en: () => import('../../common/i18n/en.json'),
};

const loading = new Map<Locale, Promise<void>>();

/**
 * Loads a language's shared catalogue (its own chunk in the browser); the same promise for every
 * call, so React's `use` can wait for it.
 */
export function loadLocale(locale: Locale): Promise<void> {
  let promise = loading.get(locale);
  if (!promise) {
    promise =
      locale === 'nl' || hasLocale(locale)
        ? Promise.resolve()
        : LOCALE_LOADERS[locale]().then((module) => registerLocale(locale, module.default));
    loading.set(locale, promise);
  }
  return promise;
}

/** The shared catalogue of `locale`, or the Dutch one while that language is not loaded. */
export function sharedCatalogue(locale: Locale): SharedCatalogue {
  return (resources[locale] ?? resources.nl)?.translation as SharedCatalogue;
}

/** The interface language of one render and its texts (`useTranslation`). */
export type I18n = {
  language: Locale;
  t: TFunction;
  /** A section of the texts registered for `locale` (e.g. `lists.itemTypes`), if there is one. */
  getSection(locale: Locale, key: string): Catalogue | undefined;
};

const catalogueOf = (language: string) => (isLocale(language) ? resources[language]?.translation : undefined);

function section(locale: Locale, key: string): Catalogue | undefined {
  let node: string | Catalogue | undefined = resources[locale]?.translation;
  for (const part of key.split('.')) {
    node = typeof node === 'object' && Object.hasOwn(node, part) ? node[part] : undefined;
  }
  return typeof node === 'object' ? node : undefined;
}

/**
 * The texts of one locale, read from the catalogues as they are registered, so the server render
 * and hydration produce the same text.
 */
export function createI18n(locale: Locale = DEFAULT_LOCALE): I18n {
  const languages = locale === FALLBACK_LOCALE ? [locale] : [locale, FALLBACK_LOCALE];
  return {
    language: locale,
    t: (key, options) => translate(catalogueOf, languages, key, options),
    getSection: section,
  };
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return createElement(I18nContext.Provider, { value: i18n }, children);
}

/** Outside the root's provider (a lone component in a test): Dutch. */
const DUTCH = createI18n(DEFAULT_LOCALE);

/** The texts of the page's language. */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext) ?? DUTCH;
  return { t: i18n.t, i18n };
}

/** The interface language as a Locale. */
export function useLocale(): Locale {
  return useTranslation().i18n.language;
}
