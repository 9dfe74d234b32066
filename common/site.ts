import type { BlockTypeName } from './blocks/index.ts';
import type { Locale } from './localized-text.ts';
import type { LayoutPosition, PageLayout, PageSettings } from './pages.ts';
import type { CookieCategory, PlatformSettings } from './settings.ts';

/** View models the server prepares for the public site; the web app renders them as they are. */

export const TOP_LEVEL_MENU = 'Top level menu';

export type MenuNode = {
  guid: string;
  name: string;
  urlSegment: string;
  /** Site path for an internal item ("/" for home), or the external URL. */
  url: string;
  isExternal: boolean;
  isVisible: boolean;
  pageGuid: string | null;
  children: MenuNode[];
};

export type BlockView = {
  guid: string;
  name: BlockTypeName | string;
  position: LayoutPosition;
  sortId: number;
  options: Record<string, unknown>;
  /** What the block's component needs, prepared on the server (rich text is already HTML). */
  data: unknown;
};

export type Breadcrumb = { name: string; url: string };

export type HeaderImageView = { guid: string; imageUrl: string | null; title: string; text: string };

export type PageView = {
  guid: string;
  name: string;
  title: string;
  description: string;
  layout: PageLayout;
  settings: PageSettings;
  blocks: BlockView[];
  breadcrumbs: Breadcrumb[];
  /** Items under the current top-level menu item, for the page's sub menu. */
  subMenu: MenuNode[];
  headerImage: HeaderImageView | null;
  headerBlocks: BlockView[];
  footerBlocks: BlockView[];
  /** The path this page is served at, without language or query. */
  path: string;
  /** Language the content is shown in. */
  contentLocale: Locale;
  abilities: { update: boolean };
};

export type SiteShell = {
  locale: Locale;
  settings: PlatformSettings;
  /** The visible main menu. */
  menu: MenuNode[];
  optionalCookieCategories: CookieCategory[];
  legalLinks: { key: LegalPageKey; name: string; url: string }[];
  /** The site's default footer, for screens that are not content pages (404, errors). */
  defaultFooterBlocks: BlockView[];
};

export const LEGAL_PAGES = {
  termsOfUse: { name: 'legal-terms-of-use', path: (lang: Locale) => `/legal/terms-of-use/${lang}` },
  privacy: { name: 'legal-privacy', path: (_lang: Locale) => '/legal/privacy' },
  accessibility: { name: 'legal-accessibility', path: (lang: Locale) => `/legal/accessibility/${lang}` },
  cookieStatement: {
    name: 'legal-cookie-statement',
    path: (lang: Locale) => `/legal/cookie-statement/${lang}`,
  },
} as const;
export type LegalPageKey = keyof typeof LEGAL_PAGES;

/** The signed-in user as the site shell needs it (terms and inactive dialogs, edit control, menu). */
export type Viewer = {
  guid: string;
  firstName: string;
  lastName: string;
  email: string;
  isActive: boolean;
  isAdmin: boolean;
  isContentManager: boolean;
  termsOfUseVersionAccepted: number | null;
  notificationCloseSeconds: number;
};

/** What the public site asks of the server; the web app's loaders get it through the load context. */
export type SiteServices = {
  /** The signed-in user, or null for a visitor. */
  getViewer(): Promise<Viewer | null>;
  getShell(input: { locale: Locale }): Promise<SiteShell>;
  getPageByPath(input: { path: string; locale: Locale }): Promise<PageView | null>;
  getPageByName(input: { name: string; locale: Locale }): Promise<PageView | null>;
};
