import type { BlockView } from './blocks/index.ts';
import type { FormReceipt, SiteFormSubmitResult } from './forms/public.ts';
import type { ListItemView } from './list-items.ts';
import type { Locale } from './localized-text.ts';
import type { PageLayout, PageSettings } from './pages.ts';
import type { CookieCategory, PlatformSettings } from './settings.ts';

/** View models the server prepares for the public site; the web app renders them as they are. */

export type { ImageBlockData } from './blocks/image.ts';
export type { BlockView } from './blocks/index.ts';
export type { ListBlockData } from './blocks/list.ts';
export type { WidgetBlockData } from './blocks/widget.ts';

export const TOP_LEVEL_MENU = 'Top level menu';
/** The menu the site's footer shows when it has items. */
export const FOOTER_MENU = 'Footer menu';
/** How many levels a menu may have (top level included). */
export const MAX_MENU_DEPTH = 8;

export type MenuNode = {
  guid: string;
  name: string;
  /** `nl` when the name is the Dutch fallback of a missing English one. */
  lang?: Locale;
  urlSegment: string;
  /** Site path for an internal item ("/" for home), or the external URL. */
  url: string;
  isExternal: boolean;
  isVisible: boolean;
  pageGuid: string | null;
  children: MenuNode[];
};

/** `lang` is `nl` when the name is the Dutch fallback of a missing English one. */
export type Breadcrumb = { name: string; url: string; lang?: Locale };

export type HeaderImageView = {
  guid: string;
  imageUrl: string | null;
  title: string;
  text: string;
  /** `nl` when title and text are the Dutch fallback on an English page. */
  lang?: Locale;
};

export type PageView = {
  guid: string;
  name: string;
  title: string;
  /** `nl` when the title is the Dutch fallback of a missing English one. */
  titleLang?: Locale;
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
  /**
   * Whether an anonymous visitor can read the feeds of this page's list blocks (issue 30): the page
   * is published, not members-only and served through the menu, and this is not a draft (edit mode,
   * preview links). Only then does its head announce them.
   */
  feedsPublic: boolean;
  abilities: { update: boolean; changeRights: boolean; chooseSocialImage: boolean };
  /** A template's kind in its edit screen (admin pages): header, footer or reusable block (issue 31). */
  templateKind?: 'header' | 'footer' | 'block';
};

export type SiteShell = {
  locale: Locale;
  settings: PlatformSettings;
  /** The visible main menu. */
  menu: MenuNode[];
  /** The visible items of the footer menu (empty when there is none). */
  footerMenu: MenuNode[];
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
  /** Media guid of the profile photo (profielfoto), or null: the avatar shows initials then. */
  photoGuid: string | null;
  /** Whether the user may browse, pick from and upload into the media library (policy media.library, issue 27). */
  canUseLibrary: boolean;
};

/**
 * A route's `handle` when its page is the same for everyone with the same flags and roles (content
 * pages, items, search, legal pages): signed-in members get it from a cache shared by their class,
 * with their own name filled in (server/http/page-cache.ts, issue 29).
 */
export const SHARED_PAGE = { sharedPage: true } as const;

type Named = { firstName: string; lastName: string; email: string };

/** How a person is named in the user menu: first and last name, or the e-mail address. */
export function displayNameOf(person: Named): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ') || person.email;
}

/** First letters of the first and last name, or of the e-mail address (the avatar without a photo). */
export function initialsOf(person: Named): string {
  const letters = [person.firstName, person.lastName]
    .map((part) => part.trim().charAt(0))
    .filter(Boolean)
    .join('');
  return (letters || person.email.charAt(0)).toUpperCase();
}

/** What the public site asks of the server; the web app's loaders get it through the load context. */
export type SiteServices = {
  /** The signed-in user, or null for a visitor. */
  getViewer(): Promise<Viewer | null>;
  getShell(input: { locale: Locale }): Promise<SiteShell>;
  /** `query` is the page URL's query: list blocks render the visitor's paging, sort, filter and search from it. */
  getPageByPath(input: { path: string; locale: Locale; query?: URLSearchParams }): Promise<PageView | null>;
  /** `{path}/i/{id}/{slug}`: the item, or a redirect to its canonical URL, or null (404). */
  getItemPage(input: {
    path: string;
    id: string;
    slug: string | null;
    locale: Locale;
  }): Promise<ItemPageResult | null>;
  search(input: SearchInput): Promise<SearchResults>;
  getPageByName(input: { name: string; locale: Locale }): Promise<PageView | null>;
  /**
   * Where a path no page is served at went (a changed segment, a moved item, a redirect by hand):
   * the location of a 301 (`/edit`, `/i/…` and the query kept), or null.
   */
  findRedirect(input: { path: string; search: string }): Promise<string | null>;
  /** Issue 13: the page at `path` as its draft has it, for edit mode; null unless the actor may edit it. */
  getEditView(input: { path: string; locale: Locale; query?: URLSearchParams }): Promise<PageView | null>;
  /**
   * Issue 26: the page with this guid as its draft has it (`/edit?page=`), whether or not a menu
   * serves it: its path is its menu path, a legal page's path, or '' (then edit mode closes to
   * admin/pages); null unless the actor may edit it.
   */
  getEditViewOf(input: { guid: string; locale: Locale; query?: URLSearchParams }): Promise<PageView | null>;
  /**
   * Issue 13: the draft of the page at `path` as visitors will see it, for whoever has a valid
   * preview link (`?preview=`); null when the link is expired, forged or for another page.
   */
  getPreview(input: {
    path: string;
    token: string;
    locale: Locale;
    query?: URLSearchParams;
  }): Promise<PageView | null>;
  /** Admin pages (issue 10): a header or footer template as a page view, for its edit mode (admins). */
  getTemplateView(input: { guid: string; locale: Locale }): Promise<PageView | null>;
  /** Whether the path is a published members-only page (roleIds): sign in, or /unauthorized, not 404. */
  isMembersOnlyPath(input: { path: string }): Promise<boolean>;
  /** Forms (issue 11): a form block's post to its page (the fields as sent, in order). */
  submitForm(input: {
    fields: [string, string][];
    locale: Locale;
    /** Posted to a page shown through a preview link (`?preview=`): refused (issue 26). */
    fromPreview?: boolean | undefined;
  }): Promise<SiteFormSubmitResult>;
  /** A receipt, or null when it does not exist or is not the visitor's. */
  getReceipt(input: { guid: string; locale: Locale }): Promise<FormReceipt | null>;
  /** The submitter deletes their submission; false when it could not be (gone, not theirs). */
  deleteReceipt(input: { guid: string; xsrf: string | undefined; locale: Locale }): Promise<boolean>;
};

/** One item's own page. */
export type ItemPageView = {
  item: ListItemView;
  /** The item's own blocks, prepared like page blocks. */
  blocks: BlockView[];
  /** The page holding the list, for the site shell, breadcrumbs (ending in the item) and sub menu. */
  page: PageView;
  /** Items listed under this item (when other items name it as a parent). */
  children: ListItemView[];
  abilities: { update: boolean; delete: boolean };
  /** Issue 30: when the item last changed (ISO), for `article:modified_time` and structured data. */
  modifiedOn: string;
  /** Issue 30: the item's address in each language (its title's slug in that language). */
  paths: Record<Locale, string>;
};

export type ItemPageResult = { kind: 'item'; view: ItemPageView } | { kind: 'redirect'; location: string };

export type SearchInput = {
  q: string;
  locale: Locale;
  page?: number;
  /** Only items of this type (`page` for pages only). */
  type?: string;
};

export type SearchHit = {
  kind: 'page' | 'item';
  guid: string;
  title: string;
  url: string;
  /** Snippet with matches wrapped in <mark>…</mark>; everything else is HTML-escaped. */
  snippetHtml: string;
  listItemTypeName: string | null;
  /** The item type's label (the admin's, in the request language); null for pages. */
  listItemTypeLabel: string | null;
  publishedOn: string | null;
  rank: number;
};

export type SearchResults = {
  q: string;
  hits: SearchHit[];
  pageNumber: number;
  itemCount: number;
  totalNumberOfItems: number;
  /** Types present in the results, for the filter. */
  types: { name: string; count: number; label: string | null }[];
  /** True when nothing matched exactly and the hits come from the typo-tolerant fallback. */
  isFuzzy: boolean;
};
