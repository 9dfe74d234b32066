import { itemTypeLabelFrom } from '../../../common/list-items';
import { FALLBACK_LOCALE } from '../../../common/localized-text';
import { useTranslation } from '../../i18n';

/**
 * An item type's name from the catalogues this page has loaded (the reader's language, then Dutch),
 * as common/item-type-labels.ts gives it on the server; for the rare view without the server's label.
 */
export function useItemTypeLabel(): (type: string) => string {
  const { i18n } = useTranslation();
  return (type) => {
    const catalogues = [i18n.language, FALLBACK_LOCALE].map(
      (locale) => (i18n.getSection(locale, 'lists.itemTypes') ?? {}) as Record<string, string>,
    );
    return itemTypeLabelFrom(type, catalogues);
  };
}
