import { itemUrl } from '../../../common/list-items.ts';
import { type Locale, type LocalizedText, pickLocale } from '../../../common/localized-text.ts';
import type { auditEvents } from '../../db/schema.ts';
import { type Actor, can } from '../../policies/index.ts';
import { actorLabel } from '../accounts/view.ts';
import { type ActivitySubject, subjectKey } from './queries.ts';
import { type Sentence, SYSTEM_ACTOR, sentenceOf, VISITOR_ACTOR } from './sentences.ts';

type AuditEventRow = typeof auditEvents.$inferSelect;

/** A part of a sentence: plain text, or a link to what it names. */
export type SentencePart = { text: string; href: string | null };

/** What the presenter reads besides the event: the reader, their language, names and paths. */
export type ActivityLookups = {
  /** Who reads the sentence: links go only where they may go. */
  reader: Actor;
  locale: Locale;
  /** Account names by id (absent: an erased account, "removed user"). */
  names: ReadonlyMap<string, string>;
  subjects: ReadonlyMap<string, ActivitySubject>;
  /** Where each page is served (pages without a path have no public link). */
  pagePaths: ReadonlyMap<string, string>;
};

const GONE: Sentence = { nl: '(verwijderd)', en: '(deleted)' };
/** An action a newer node wrote that this one has no sentence for: said plainly, never as a key. */
const UNKNOWN: Sentence = { nl: '{actor} deed iets met {subject}', en: '{actor} did something to {subject}' };

/** A record gone since: the name its event kept (a deleted page's name, an item's title), if any. */
function nameFromData(data: Record<string, unknown> | null, locale: Locale): string | null {
  for (const key of ['title', 'name']) {
    const value = data?.[key];
    if (typeof value === 'string' && value !== '') return value;
    if (value && typeof value === 'object' && typeof (value as LocalizedText).nl === 'string') {
      return pickLocale(value as LocalizedText, locale);
    }
  }
  return null;
}

/** Where the record an event names can be seen or changed, for this reader; null: nowhere for them. */
function subjectLink(event: AuditEventRow, subject: ActivitySubject | undefined, lookups: ActivityLookups) {
  const { reader } = lookups;
  const id = event.entityId;
  if (subject?.inTrash) return can(reader, 'trash.manage') ? '/admin/trash' : null;
  const pagePath = subject?.pageId ? (lookups.pagePaths.get(subject.pageId) ?? null) : null;
  switch (event.entityType) {
    case 'trashEntry':
      return subject && can(reader, 'trash.manage') ? '/admin/trash' : null;
    case 'page':
    case 'block':
      if (!subject) return null;
      return pagePath ?? (can(reader, 'page.administer') ? '/admin/pages' : null);
    case 'listItem':
      return subject && pagePath && subject.itemShortId
        ? itemUrl(pagePath, subject.itemShortId, pickLocale(subject.name, lookups.locale))
        : null;
    case 'user':
      if (!subject || id === null) return null;
      if (can(reader, 'user.manage')) return `/admin/users/${id}/profile`;
      return reader.user?.id === id ? '/account/profile' : null;
    case 'session':
    case 'apiToken':
      return reader.user !== null && reader.user.id === event.actorId ? '/account/security' : null;
    case 'role':
      return subject && can(reader, 'role.manage') ? '/admin/roles' : null;
    case 'propertyDefinition':
      return can(reader, 'user.manage') ? '/admin/users/properties' : null;
    case 'menu':
    case 'menuItem':
    case 'redirect':
      return can(reader, 'menu.manage') ? '/admin/menu' : null;
    case 'headerImage':
      return can(reader, 'headerImage.manage') ? '/admin/header-images' : null;
    case 'itemType':
      return can(reader, 'itemType.manage') ? '/admin/item-types' : null;
    case 'settings':
      return can(reader, 'settings.update') ? '/settings' : null;
    case 'form':
      return subject?.form && can(reader, 'form.update', subject.form)
        ? `/admin/forms/view/${subject.form.id}`
        : null;
    case 'formSubmission':
      return subject?.form && id && can(reader, 'form.viewResults', subject.form)
        ? `/admin/forms/${subject.form.id}/${id}`
        : null;
    default:
      return null;
  }
}

/** The sentence's parts: `{actor}` and `{subject}` filled in, each a link where the reader may go. */
function sentenceParts(template: string, actor: SentencePart, subject: SentencePart): SentencePart[] {
  const parts: SentencePart[] = [];
  for (const piece of template.split(/(\{actor\}|\{subject\})/)) {
    if (piece === '') continue;
    if (piece === '{actor}') parts.push(actor);
    else if (piece === '{subject}') parts.push(subject);
    else parts.push({ text: piece, href: null });
  }
  return parts;
}

/**
 * One audit event as the reader reads it: "Anna wijzigde de pagina Nieuws", with links to the
 * account and the record where the reader may open them, and who did it.
 */
export function presentActivityEvent(event: AuditEventRow, lookups: ActivityLookups) {
  const { locale, reader } = lookups;
  const who = actorLabel(event.actorId, lookups.names, locale);
  const actor: SentencePart = who
    ? {
        text: who.name,
        href: who.guid && can(reader, 'user.manage') ? `/admin/users/${who.guid}/profile` : null,
      }
    : {
        text: (event.action === 'formSubmission.create' ? VISITOR_ACTOR : SYSTEM_ACTOR)[locale],
        href: null,
      };
  const subject = event.entityId
    ? lookups.subjects.get(subjectKey(event.entityType, event.entityId))
    : undefined;
  const subjectName = subject
    ? pickLocale(subject.name, locale)
    : (nameFromData(event.data, locale) ?? GONE[locale]);
  const template = (sentenceOf(event.action) ?? UNKNOWN)[locale];
  const parts = sentenceParts(template, actor, {
    text: subjectName,
    href: subjectLink(event, subject, lookups),
  });
  return {
    id: String(event.id),
    at: event.at.toISOString(),
    action: event.action,
    entityType: event.entityType,
    entityId: event.entityId,
    actor: who,
    sentence: parts.map((part) => part.text).join(''),
    parts,
  };
}
export type PresentedActivityEvent = ReturnType<typeof presentActivityEvent>;
