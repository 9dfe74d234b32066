import { createContext } from 'react-router';
import type { Locale } from '../common/localized-text.ts';
import type { SiteServices } from '../common/site.ts';

/** What the server hands every loader: the site's data services and facts about the request. */
export type AppContextValue = {
  site: SiteServices;
  locale: Locale;
  /** Set when the request asked for a language with ?lang=, so the choice is remembered in a cookie. */
  localeFromQuery: boolean;
  nonce: string;
  requestId: string;
  /** Base URL for canonical and hreflang links. */
  origin: string;
  /** Whether the server has a translation service for automatic translation (TRANSLATE_URL). */
  hasTranslationService: boolean;
  /**
   * The page cache (issue 12): a loader whose answer is the same for every visitor without a
   * session (same language and cookie choices) calls `allow()`; the server keeps the rendered HTML
   * unless something visitor-specific (a form, a counted search) was served or a cookie set.
   */
  pageCache: { allow(): void };
  /**
   * The browser files behind lazily loaded modules (their source paths, as `web/…`), so a page can
   * name them in its head (server/http/code-assets.ts); none with the development server.
   */
  codeAssets(sources: readonly string[]): { scripts: string[]; styles: string[] };
};

// Imported by the server and by the React Router build through the `#app-context` package import,
// so both sides hold the same context token.
export const appContext = createContext<AppContextValue>();
