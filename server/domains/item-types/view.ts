import { type Locale, type LocalizedText, pickLocale } from '../../../common/localized-text.ts';

/** An item type as the admin table and editor show it: its key, its label in the user's language and both labels. */
export function presentItemType(
  row: { name: string; label: LocalizedText; itemCount: number },
  locale: Locale,
) {
  return {
    name: row.name,
    label: pickLocale(row.label, locale),
    labelTranslations: { nl: row.label.nl, en: row.label.en ?? '' },
    itemCount: row.itemCount,
  };
}
