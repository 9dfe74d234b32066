import { Link, useLocation } from 'react-router';
import { LANGUAGE_SELF_NAMES, LOCALE_QUERY_PARAM } from '../../common/locale';
import { LOCALES } from '../../common/localized-text';
import { useTranslation } from '../i18n';

/**
 * Switches the interface language with ?lang= (plain links, so it works without JavaScript); the
 * server then remembers the choice in the lang cookie, so links followed afterwards stay in it.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const hrefFor = (locale: string) => {
    const params = new URLSearchParams(location.search);
    params.set(LOCALE_QUERY_PARAM, locale);
    return `${location.pathname}?${params}${location.hash}`;
  };
  return (
    <nav className="language-switch" aria-label={t('nav.language')}>
      {LOCALES.map((locale) => {
        const isCurrent = i18n.language === locale;
        // Each language named in itself: "Nederlands", "English".
        const name = LANGUAGE_SELF_NAMES[locale];
        return (
          <Link
            key={locale}
            to={hrefFor(locale)}
            preventScrollReset
            lang={locale}
            hrefLang={locale}
            className="language-switch-link"
            aria-current={isCurrent ? 'true' : undefined}
            title={name}
          >
            {/* The visible code stays part of the name, so voice control can say "EN". */}
            {locale.toUpperCase()}
            <span className="visually-hidden"> – {name}</span>
          </Link>
        );
      })}
    </nav>
  );
}
