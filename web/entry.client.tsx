import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { DEFAULT_LOCALE, isLocale } from '../common/localized-text';
import { preloadBlockViews } from './blocks/registry';
import { editModePart, listEditingPart } from './components/code-parts';
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
// always is, another language comes as its own chunk (web/i18n/index.ts). A signed-in page's user
// menu is a chunk of its own too: until it is here React keeps that part dehydrated and drops a
// click on it, so it is loaded first (the other scripts load meanwhile).
const { lang } = document.documentElement;
const locale = isLocale(lang) ? lang : DEFAULT_LOCALE;
const waits: Promise<unknown>[] = [];
if (!hasLocale(locale)) waits.push(loadLocale(locale));
if (document.querySelector('.user-menu-button')) {
  waits.push(import('./components/account/UserMenu').then((module) => module.preloadUserMenu()));
}
// Edit mode the server rendered: its code comes first too, so the page hydrates whole and at once
// (components/code-parts.tsx). A click made meanwhile waits for it (components/click-hold.tsx).
if (document.querySelector('.edit-mode-bar')) {
  waits.push(editModePart.preload());
  if (document.querySelector('.list-edit-bar, .list-item-tools')) waits.push(listEditingPart.preload());
}
// Each block type's view is a chunk of its own (blocks/registry.tsx): the ones on this page come
// first, so hydration never waits for one (the server named them with the page's other scripts, so
// they are on their way already).
const blockNames = [...document.querySelectorAll<HTMLElement>('[data-block]')].map(
  (element) => element.dataset.block ?? '',
);
if (blockNames.length > 0) waits.push(preloadBlockViews(blockNames));
if (waits.length === 0) hydrate();
else void Promise.allSettled(waits).then(hydrate);
