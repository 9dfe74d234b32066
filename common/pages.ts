import type { PageOption } from './page-schemas.ts';

export const PAGE_LAYOUTS = ['100', '25-75', '75-25', '25-50-25'] as const;
export type PageLayout = (typeof PAGE_LAYOUTS)[number];

export const LAYOUT_POSITIONS = ['top', 'left', 'main', 'right', 'bottom'] as const;
export type LayoutPosition = (typeof LAYOUT_POSITIONS)[number];

/** Which side columns a layout has, and how many of the 12 grid columns the main area takes. */
export const LAYOUT_COLUMNS: Record<PageLayout, { left: boolean; right: boolean; main: 12 | 9 | 6 }> = {
  '100': { left: false, right: false, main: 12 },
  '25-75': { left: true, right: false, main: 9 },
  '75-25': { left: false, right: true, main: 9 },
  '25-50-25': { left: true, right: true, main: 6 },
};
export const SIDE_COLUMN_SPAN = 3;

/**
 * The positions a layout shows, in reading (DOM) order: the top row, the columns from left to right,
 * the bottom row (PageView renders them so). An unknown layout reads as '100'.
 */
export function layoutPositions(layout: PageLayout): LayoutPosition[] {
  const columns = Object.hasOwn(LAYOUT_COLUMNS, layout) ? LAYOUT_COLUMNS[layout] : LAYOUT_COLUMNS['100'];
  return [
    'top',
    ...(columns.left ? (['left'] as const) : []),
    'main',
    ...(columns.right ? (['right'] as const) : []),
    'bottom',
  ];
}

export const PAGE_OPTION_NAMES = [
  'showSubMenu',
  'showHeader',
  'showBreadcrumbs',
  'showFooter',
  'headerImage',
  'footerGuid',
  'templateHeader',
  'templateFooter',
  'showMainMenu',
  // Issue 26: what search engines and shared links get (the social image is an uploaded image's guid).
  'socialImage',
  'noindex',
] as const;
export type PageOptionName = (typeof PAGE_OPTION_NAMES)[number];

/** Whether a name is one of the page options; any other name is refused where options are written. */
export function isPageOptionName(name: string): name is PageOptionName {
  return (PAGE_OPTION_NAMES as readonly string[]).includes(name);
}

export type { PageOption } from './page-schemas.ts';

export type PageSettings = {
  showSubMenu: boolean;
  showHeader: boolean;
  showBreadcrumbs: boolean;
  showFooter: boolean;
  showMainMenu: boolean;
  headerImage: string | null;
  footerGuid: string | null;
  templateHeader: string | null;
  templateFooter: string | null;
  /** The image shared links show (`og:image`): an uploaded image's guid. */
  socialImage: string | null;
  /** "Verbergen voor zoekmachines": `<meta name="robots" content="noindex">`. */
  noindex: boolean;
};

const PAGE_SETTING_DEFAULTS: PageSettings = {
  showSubMenu: true,
  showHeader: true,
  showBreadcrumbs: true,
  showFooter: true,
  showMainMenu: true,
  headerImage: null,
  footerGuid: null,
  templateHeader: null,
  templateFooter: null,
  socialImage: null,
  noindex: false,
};

/** Page options are stored as name/value pairs (the API contract); this reads them into typed settings. */
export function readPageSettings(options: readonly PageOption[]): PageSettings {
  const settings: PageSettings = { ...PAGE_SETTING_DEFAULTS };
  for (const { name, value } of options) {
    switch (name) {
      case 'showSubMenu':
      case 'showHeader':
      case 'showBreadcrumbs':
      case 'showFooter':
      case 'showMainMenu':
        settings[name] = value !== 'false';
        break;
      case 'headerImage':
      case 'footerGuid':
      case 'templateHeader':
      case 'templateFooter':
      case 'socialImage':
        settings[name] = value === '' ? null : value;
        break;
      case 'noindex':
        settings.noindex = value === 'true';
        break;
    }
  }
  return settings;
}

/** `{path}/edit` (or `/edit` for the home page): the page is in edit mode (SPEC 2). */
export function isEditPath(pathname: string): boolean {
  return pathname === '/edit' || pathname.endsWith('/edit');
}
