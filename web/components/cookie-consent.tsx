import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { type CookieConsent, consentCookieString, shouldAskConsent } from '../../common/cookie-consent';
import type { CookieCategory } from '../../common/settings';

/** Pages where the cookie dialog must not cover the content (SPEC 4). */
const CONSENT_DIALOG_SKIPPED = [/^\/legal\/cookie-statement(\/|$)/, /^\/invitation(\/|$)/];

export function isConsentDialogSkipped(pathname: string): boolean {
  return CONSENT_DIALOG_SKIPPED.some((pattern) => pattern.test(pathname));
}

type ConsentState = {
  consent: CookieConsent | null;
  /** The non-required categories this site uses. */
  categories: CookieCategory[];
  accepts(category: CookieCategory): boolean;
  /** Adds categories to what is accepted and stores the choice. */
  accept(categories: CookieCategory[]): void;
  /** Stores exactly these categories (required is always in). */
  save(categories: CookieCategory[]): void;
  /** The dialog shows: asked by itself (SPEC 4, not on skipped pages) or opened by the visitor. */
  isDialogOpen: boolean;
  /** Until a choice is stored the dialog cannot be dismissed without choosing. */
  isChoiceRequired: boolean;
  openDialog(): void;
  closeDialog(): void;
};

const ConsentContext = createContext<ConsentState | null>(null);

/** The same cookie the server sets for a choice posted without JavaScript (common/cookie-consent.ts). */
function writeConsentCookie(consent: CookieConsent) {
  // biome-ignore lint/suspicious/noDocumentCookie: the server must read it as a plain cookie
  document.cookie = consentCookieString(consent, window.location.protocol === 'https:');
}

/**
 * Holds the visitor's cookie consent. The server reads the same cookie, so the first render matches.
 * Lives above the route's error boundary so a choice survives switching between a page and an error
 * screen (the root loader that read the cookie does not run again on navigation).
 */
export function CookieConsentProvider({
  initialConsent,
  categories,
  children,
}: {
  initialConsent: CookieConsent | null;
  categories: CookieCategory[];
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const [consent, setConsent] = useState(initialConsent);
  const [isOpenedByVisitor, setOpenedByVisitor] = useState(false);

  const save = useCallback((chosen: CookieCategory[]) => {
    const next: CookieConsent = {
      categories: [...new Set<CookieCategory>(['required', ...chosen])],
      date: new Date().toISOString(),
    };
    writeConsentCookie(next);
    setConsent(next);
    setOpenedByVisitor(false);
  }, []);

  const isSkipped = isConsentDialogSkipped(pathname);
  const isChoiceRequired = shouldAskConsent(consent, categories);
  // The skipped pages only keep it from opening by itself: the footer's link opens it anywhere.
  const isDialogOpen = isOpenedByVisitor || (!isSkipped && isChoiceRequired);

  const value = useMemo<ConsentState>(
    () => ({
      consent,
      categories,
      accepts: (category) => category === 'required' || (consent?.categories.includes(category) ?? false),
      accept: (added) => save([...(consent?.categories ?? []), ...added]),
      save,
      isDialogOpen,
      isChoiceRequired,
      openDialog: () => setOpenedByVisitor(true),
      closeDialog: () => setOpenedByVisitor(false),
    }),
    [consent, categories, isDialogOpen, isChoiceRequired, save],
  );
  return <ConsentContext.Provider value={value}>{children}</ConsentContext.Provider>;
}

export function useCookieConsent(): ConsentState {
  const state = useContext(ConsentContext);
  if (!state) throw new Error('useCookieConsent outside CookieConsentProvider');
  return state;
}
