import i18next, { type i18n } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import en from '../../common/i18n/en.json';
import nl from '../../common/i18n/nl.json';
import { DEFAULT_LOCALE, FALLBACK_LOCALE, isLocale, type Locale } from '../../common/localized-text';

export const resources = { nl: { translation: nl }, en: { translation: en } } as const;

/**
 * One i18next instance per rendered locale, initialised synchronously with both catalogues so the
 * server render and hydration produce the same text.
 */
export function createI18n(locale: Locale = DEFAULT_LOCALE): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: FALLBACK_LOCALE,
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

/** The interface language as a Locale (Dutch if i18next ever holds something else). */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}
