import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LOCALES, type Locale } from '../../common/localized-text';

/** Switches the interface language; the server remembers it in the lang cookie. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const change = (value: string) => {
    const params = new URLSearchParams(location.search);
    params.set('lang', value);
    void navigate(`${location.pathname}?${params}${location.hash}`, { preventScrollReset: true });
  };
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('nav.language')}
      value={i18n.language as Locale}
      onChange={change}
      data={LOCALES.map((locale) => ({ value: locale, label: locale.toUpperCase() }))}
    />
  );
}
