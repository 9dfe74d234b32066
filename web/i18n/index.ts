import i18next, { type i18n } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import en from '../../common/i18n/en.json';
import nl from '../../common/i18n/nl.json';
import { DEFAULT_LOCALE, FALLBACK_LOCALE, isLocale, LOCALES, type Locale } from '../../common/localized-text';

type Catalogue = { [key: string]: string | Catalogue };

/**
 * The texts every screen may need. The admin area's and the block editor's texts are separate
 * catalogues (./admin.ts, ./editor.ts), registered by the modules that use them, so a visitor's
 * bundle never carries them.
 */
export const resources = {
  nl: { translation: { ...nl } },
  en: { translation: { ...en } },
} as const;

/** Instances made in this browser; a catalogue registered later is added to them. */
const browserInstances = new Set<i18n>();

/**
 * Adds the namespaces of a catalogue to every locale: to the instances made from now on and, in the
 * browser, to the ones already rendering. Importing the module that calls this (a route or lazy
 * component) makes its texts present before that module's components render, on the server and on
 * hydration alike.
 */
export function registerCatalogue(catalogue: Record<Locale, Catalogue>): void {
  for (const locale of LOCALES) {
    Object.assign(resources[locale].translation, catalogue[locale]);
    for (const instance of browserInstances) {
      instance.addResourceBundle(locale, 'translation', catalogue[locale], true, false);
    }
  }
}

/**
 * One i18next instance per rendered locale, initialised synchronously with the catalogues
 * registered so far, so the server render and hydration produce the same text.
 */
export function createI18n(locale: Locale = DEFAULT_LOCALE): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: FALLBACK_LOCALE,
    // A copy per instance: registerCatalogue adds to the instances itself.
    resources: {
      nl: { translation: { ...resources.nl.translation } },
      en: { translation: { ...resources.en.translation } },
    },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  if (typeof document !== 'undefined') browserInstances.add(instance);
  return instance;
}

/** The interface language as a Locale (Dutch if i18next ever holds something else). */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}
