import type { Locale, LocalizedText } from '../../../common/localized-text.ts';
import { pickLocale } from '../../../common/localized-text.ts';
import { actorLabel } from '../accounts/view.ts';

/** Presenters of the dashboard (issue 26): rows → API shapes, no I/O. */

type PageFields = { id: string; title: LocalizedText; isPublished: boolean };

/** A page as a dashboard row: its title in both languages, where it is served, whether it is live. */
export function presentDashboardPage(page: PageFields, path: string | null) {
  return {
    guid: page.id,
    title: { nl: page.title.nl, en: page.title.en ?? '' },
    path,
    isPublished: page.isPublished,
  };
}

export function presentWho(id: string | null, names: ReadonlyMap<string, string>, locale: Locale) {
  return actorLabel(id, names, locale);
}

/** A list block's name on the dashboard: its own title, else the title of its page. */
export function listTitle(content: unknown, pageTitle: LocalizedText, locale: Locale): string {
  const localized = content as { nl?: { title?: unknown }; en?: { title?: unknown } } | null;
  const own = localized?.[locale]?.title || localized?.nl?.title;
  return typeof own === 'string' && own !== '' ? own : pickLocale(pageTitle, locale);
}
