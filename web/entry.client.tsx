import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { DEFAULT_LOCALE, isLocale } from '../common/localized-text';
import { hasLocale, loadLocale } from './i18n';

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// Hydration renders the page's language synchronously, so its texts must be here first: Dutch
// always is, another language comes as its own chunk (web/i18n/index.ts).
const { lang } = document.documentElement;
const locale = isLocale(lang) ? lang : DEFAULT_LOCALE;
if (hasLocale(locale)) hydrate();
else void loadLocale(locale).then(hydrate, hydrate);
