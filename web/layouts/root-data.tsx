import { createContext, type ReactNode, useContext } from 'react';
import type { CookieConsent } from '../../common/cookie-consent';
import type { SiteShell } from '../../common/site';

/** Automatic translation (SPEC 1, 9): whether it is offered, possible at all, and the visitor's choice. */
export type AutoTranslateState = { isOffered: boolean; hasService: boolean; isOn: boolean };

export type RootData = {
  shell: SiteShell;
  consent: CookieConsent | null;
  autoTranslate: AutoTranslateState;
  nonce: string;
  origin: string;
};

const RootDataContext = createContext<RootData | undefined>(undefined);

// Browser only: on the server one module serves every request, so nothing may outlive a render.
let lastInBrowser: RootData | undefined;

/**
 * The root loader's data, kept when a later navigation fails. A failed client-side load leaves the
 * router without the root's data (and remounts the layout), so the error screen would lose the
 * header, footer and theme; the shell from the last successful load is still right, so it stays.
 */
export function useLastRootData(loaded: RootData | undefined): RootData | undefined {
  return lastRootData(loaded);
}

/** The same outside a component (a route's `meta`: the error screen's title in the shown language). */
export function lastRootData(loaded: RootData | undefined): RootData | undefined {
  if (typeof window === 'undefined') return loaded;
  if (loaded) lastInBrowser = loaded;
  return lastInBrowser;
}

export function RootDataProvider({ value, children }: { value: RootData | undefined; children: ReactNode }) {
  return <RootDataContext.Provider value={value}>{children}</RootDataContext.Provider>;
}

/** The site's shell and request facts, or undefined when the root loader never succeeded. */
export function useRootData(): RootData | undefined {
  return useContext(RootDataContext);
}
