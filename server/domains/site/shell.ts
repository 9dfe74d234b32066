import type { Locale } from '../../../common/localized-text.ts';
import { optionalCookieCategories } from '../../../common/settings.ts';
import type { SiteShell } from '../../../common/site.ts';
import { LEGAL_PAGES } from '../../../common/site.ts';
import type { SiteScope } from '../context.ts';
import type { SiteMenus } from '../menus/site.ts';
import { toMenuNodes } from '../menus/view.ts';
import type { SitePages } from '../pages/site.ts';
import { sitePlatformSettings } from '../settings/queries.ts';

/**
 * What every page of the site shows around its content: the settings, the menus, the legal links
 * and the default footer. `tags` learns the footer template's blocks (the rest is `*`).
 */
export function siteShell({ db, version }: SiteScope, menus: SiteMenus, pages: SitePages) {
  return async function getShell(locale: Locale, tags: Set<string>): Promise<SiteShell> {
    const [settings, menu, footerMenu] = await Promise.all([
      sitePlatformSettings(db, version),
      menus.menuFor(locale),
      menus.footerMenuFor(locale),
    ]);
    const defaultFooterBlocks = await pages.templateBlocks(settings.defaultFooterGuid || null, locale, tags);
    const legalNames: Record<keyof typeof LEGAL_PAGES, { nl: string; en: string }> = {
      termsOfUse: { nl: 'Gebruiksvoorwaarden', en: 'Terms of use' },
      privacy: { nl: 'Privacyverklaring', en: 'Privacy statement' },
      accessibility: { nl: 'Toegankelijkheid', en: 'Accessibility' },
      cookieStatement: { nl: 'Cookieverklaring', en: 'Cookie statement' },
    };
    return {
      locale,
      settings,
      menu: toMenuNodes(menu, true),
      footerMenu: toMenuNodes(footerMenu, true),
      optionalCookieCategories: optionalCookieCategories(settings),
      legalLinks: (Object.keys(LEGAL_PAGES) as (keyof typeof LEGAL_PAGES)[]).map((key) => ({
        key,
        name: legalNames[key][locale],
        url: LEGAL_PAGES[key].path(locale),
      })),
      defaultFooterBlocks,
    };
  };
}
