import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  type CookieConsent,
  serializeConsent,
} from '../../common/cookie-consent';
import type { CookieCategory } from '../../common/settings';

type ConsentState = {
  consent: CookieConsent | null;
  accepts(category: CookieCategory): boolean;
  /** Adds categories to what is accepted and stores the choice. */
  accept(categories: CookieCategory[]): void;
  /** Stores exactly these categories (required is always in). */
  save(categories: CookieCategory[]): void;
  isDialogOpen: boolean;
  openDialog(): void;
  closeDialog(): void;
};

const ConsentContext = createContext<ConsentState | null>(null);

function writeConsentCookie(consent: CookieConsent) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the consent must be a plain cookie the server reads on the next request
  document.cookie = `${CONSENT_COOKIE}=${encodeURIComponent(serializeConsent(consent))}; Path=/; Max-Age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}

/** Holds the visitor's cookie consent; the server reads the same cookie, so the first render matches. */
export function CookieConsentProvider({
  initialConsent,
  initiallyOpen,
  children,
}: {
  initialConsent: CookieConsent | null;
  initiallyOpen: boolean;
  children: ReactNode;
}) {
  const [consent, setConsent] = useState(initialConsent);
  const [isDialogOpen, setDialogOpen] = useState(initiallyOpen);

  const save = useCallback((categories: CookieCategory[]) => {
    const next: CookieConsent = {
      categories: [...new Set<CookieCategory>(['required', ...categories])],
      date: new Date().toISOString(),
    };
    writeConsentCookie(next);
    setConsent(next);
    setDialogOpen(false);
  }, []);

  const value = useMemo<ConsentState>(
    () => ({
      consent,
      accepts: (category) => category === 'required' || (consent?.categories.includes(category) ?? false),
      accept: (categories) => save([...(consent?.categories ?? []), ...categories]),
      save,
      isDialogOpen,
      openDialog: () => setDialogOpen(true),
      closeDialog: () => setDialogOpen(false),
    }),
    [consent, isDialogOpen, save],
  );
  return <ConsentContext.Provider value={value}>{children}</ConsentContext.Provider>;
}

export function useCookieConsent(): ConsentState {
  const state = useContext(ConsentContext);
  if (!state) throw new Error('useCookieConsent outside CookieConsentProvider');
  return state;
}
