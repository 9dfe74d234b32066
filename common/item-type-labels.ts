import en from './i18n/en.json' with { type: 'json' };
import nl from './i18n/nl.json' with { type: 'json' };
import { itemTypeLabelFrom } from './list-items.ts';
import { type Locale, type LocalizedText, pickLocale } from './localized-text.ts';

/*
 * Item type labels from both languages' catalogues, for the server. Apart from ./list-items.ts, so
 * that the browser's public pages do not load both catalogues: the browser reads the names from the
 * catalogue it has loaded (web/components/lists/item-type-label.ts).
 */

/** The catalogues' names of item types (`lists.itemTypes.<name>`), per language. */
const ITEM_TYPE_LABELS: Record<Locale, Record<string, string>> = {
  nl: nl.lists.itemTypes,
  en: en.lists.itemTypes,
};

/**
 * What visitors read for an item type: its name in the catalogue ("nieuws" → "Nieuws", "News"), the
 * Dutch one when English has none, else the type's name made readable ("open_dag" → "Open dag").
 * Never the raw name.
 */
export function listItemTypeLabel(type: string, locale: Locale): string {
  return itemTypeLabelFrom(type, [ITEM_TYPE_LABELS[locale], ITEM_TYPE_LABELS.nl]);
}

/**
 * The label of an item type as the admin set it (issue 10, list_item_types.label) in `locale`, the
 * Dutch label when English has none, else the catalogue's name (`listItemTypeLabel`).
 */
export function itemTypeLabel(type: string, label: LocalizedText | null | undefined, locale: Locale): string {
  const picked = label ? pickLocale(label, locale) : '';
  return picked && picked.trim() !== '' ? picked : listItemTypeLabel(type, locale);
}
