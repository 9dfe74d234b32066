import { type Locale, pickLocale } from '../../../common/localized-text.ts';
import { actorLabel } from '../accounts/view.ts';
import { TRASH_DAYS } from './commands.ts';
import type { TrashListRow } from './queries.ts';

/** A trash entry as the admin screen lists it: what, who deleted it, when, and when it goes for good. */
export function presentEntry(row: TrashListRow, names: ReadonlyMap<string, string>, locale: Locale) {
  return {
    guid: row.id,
    kind: row.kind,
    targetGuid: row.targetId,
    title: pickLocale(row.title, locale),
    deletedBy: actorLabel(row.deletedBy, names, locale),
    deletedAt: row.deletedAt.toISOString(),
    purgeAt: new Date(row.deletedAt.getTime() + TRASH_DAYS * 86_400_000).toISOString(),
  };
}
