import { sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../db/client.ts';
import { auditEvents } from '../db/schema.ts';
import type { Actor } from '../policies/index.ts';

/**
 * The one write path. Every change a user makes is a command run by `runCommand`: one transaction,
 * one typed audit event per changed record (who, what, which record, when) written in that
 * transaction, and the change hooks every write passes (the visitors' cache scope now; revisions and
 * statistics later).
 */

/** What a record is: the audit trail's entity types. */
export type EntityType =
  | 'page'
  | 'block'
  | 'listItem'
  | 'media'
  | 'settings'
  | 'cache'
  | 'role'
  | 'user'
  | 'session'
  | 'apiToken'
  | 'invitation'
  | 'site'
  // Users, roles and profile properties (admin area)
  | 'propertyDefinition'
  // Menus and redirects (issue 10)
  | 'menu'
  | 'menuItem'
  | 'redirect'
  // Site parts (issue 10: settings screen, header images, item types)
  | 'headerImage'
  | 'itemType'
  // Forms (issue 11)
  | 'form'
  | 'formSubmission'
  // The trash (issue 26)
  | 'trashEntry';

/** Every command, as `<entity>.<verb>`, with the type of record its audit event names. */
export const COMMANDS = {
  'page.update': 'page',
  'block.create': 'block',
  'block.update': 'block',
  'block.updateOptions': 'block',
  'block.updatePermissions': 'block',
  'block.delete': 'block',
  /** Names the page whose blocks moved. */
  'block.reorder': 'page',
  'listItem.create': 'listItem',
  'listItem.update': 'listItem',
  'listItem.delete': 'listItem',
  /** Names the list block whose items moved. */
  'listItem.reorder': 'block',
  'media.upload': 'media',
  /** An image block's image recorded again for its copy (its data names the original). */
  'media.copy': 'media',
  /** An asset's texts, tags or focal point changed in the library (issue 27; data: the fields). */
  'media.update': 'media',
  /** A new file for an asset, its guid and references kept (data: both hashes, the new version). */
  'media.replace': 'media',
  /** An asset deleted from the library (data: its file name and how many uses lost it). */
  'media.delete': 'media',
  'settings.update': 'settings',
  'cache.invalidate': 'cache',
  'role.create': 'role',
  'role.update': 'role',
  'role.delete': 'role',
  'user.signUp': 'user',
  'user.signIn': 'user',
  'user.signInFailed': 'user',
  'user.changePassword': 'user',
  'user.resetPassword': 'user',
  'user.verifyEmail': 'user',
  'user.updateProfile': 'user',
  'user.deleteAccount': 'user',
  'user.update': 'user',
  'session.signOut': 'session',
  'session.revoke': 'session',
  'apiToken.create': 'apiToken',
  'apiToken.revoke': 'apiToken',
  'invitation.create': 'invitation',
  'invitation.revoke': 'invitation',
  'invitation.accept': 'invitation',
  // Site parts (issue 10): header images and item types.
  'headerImage.create': 'headerImage',
  'headerImage.update': 'headerImage',
  'headerImage.delete': 'headerImage',
  'itemType.create': 'itemType',
  'itemType.update': 'itemType',
  'itemType.delete': 'itemType',
  /** The demo site, seeded on the first start. */
  'site.seed': 'site',
  /** The site's content replaced by an export (`bouwsteen import`, issue 28; counts in the data). */
  'site.import': 'site',
  /** The first admin, made on the first start. */
  'user.create': 'user',
  // Users, roles and profile properties (admin area)
  /** An admin erases an account; content stays, attributed to "removed user". */
  'user.erase': 'user',
  /** An admin ends every session of an account. */
  'user.revokeSessions': 'user',
  /** An admin mails the verification link again (the outcome in the event's data). */
  'user.resendVerification': 'user',
  'role.addMember': 'role',
  'role.removeMember': 'role',
  'propertyDefinition.create': 'propertyDefinition',
  'propertyDefinition.update': 'propertyDefinition',
  'propertyDefinition.delete': 'propertyDefinition',
  'propertyDefinition.reorder': 'propertyDefinition',
  // Menus and redirects (issue 10): every write is public (visitors see menus and redirects).
  'menu.create': 'menu',
  'menu.update': 'menu',
  'menu.delete': 'menu',
  'menuItem.create': 'menuItem',
  'menuItem.update': 'menuItem',
  /** Deletes the item and the items under it. */
  'menuItem.delete': 'menuItem',
  /** New parent and position; old paths get redirects. */
  'menuItem.move': 'menuItem',
  'redirect.create': 'redirect',
  'redirect.update': 'redirect',
  'redirect.delete': 'redirect',
  // Admin pages (issue 10): pages and header/footer templates (templates are pages of kind 'template').
  'page.create': 'page',
  /** Names the copy (its data names the original). */
  'page.duplicate': 'page',
  'page.delete': 'page',
  'pageTemplate.create': 'page',
  'pageTemplate.update': 'page',
  'pageTemplate.delete': 'page',
  // Drafts, revisions and scheduled publishing (issue 13). A draft is private until published.
  'page.saveDraft': 'page',
  /** A revision's document made the draft again (its number in the data). */
  'page.restoreRevision': 'page',
  'page.discardDraft': 'page',
  /** The draft written to the page visitors see, kept as a revision (by hand or by a schedule). */
  'page.publish': 'page',
  'page.unpublish': 'page',
  'page.schedule': 'page',
  'page.cancelSchedule': 'page',
  /** The publishing job could not carry out a schedule and marked it failed (issue 28). */
  'page.scheduleFailed': 'page',
  /** A preview link issued (its id and expiry in the data) or revoked before it expired (issue 34). */
  'page.createPreviewLink': 'page',
  'page.revokePreviewLink': 'page',
  // Forms (issue 11). Submissions are private (visitors' caches never depend on them).
  'form.create': 'form',
  /** Names the copy (its data names the original). */
  'form.duplicate': 'form',
  /** Title, settings and the draft questions. */
  'form.update': 'form',
  /** A new immutable version (its number in the data). */
  'form.publish': 'form',
  'form.delete': 'form',
  'formSubmission.create': 'formSubmission',
  'formSubmission.handle': 'formSubmission',
  'formSubmission.delete': 'formSubmission',
  /** The retention job deletes a form's submissions past its retention period (names the form's). */
  'formSubmission.expire': 'formSubmission',
  /** The retention job forgets the address hashes of submissions older than a day (data: count). */
  'formSubmission.forgetAddresses': 'formSubmission',
  // The trash (issue 26): deleting a page, list item, form or menu item keeps it as an entry (its
  // own delete command above); these name the entry (its kind and record in the data).
  /** The entry's rows written back as they were. */
  'trash.restore': 'trashEntry',
  /** Deleted for good: by an admin, or by the purge job after 30 days (data: expired). */
  'trash.purge': 'trashEntry',
} as const satisfies Record<string, EntityType>;

export type CommandAction = keyof typeof COMMANDS;

/**
 * Whether visitors can see what the command changes. Only `public` writes move the content version
 * (visitors' caches); a `private` one (accounts, uploads, a draft, an unpublished page's blocks)
 * leaves their caches alone.
 */
export type WriteScope = 'public' | 'private';

export type AuditData = Record<string, unknown>;

/** One changed record, as the audit trail and the change hooks see it. */
export type ChangeEvent = {
  action: CommandAction;
  entityType: EntityType;
  entityId: string | null;
  actorId: string | null;
  scope: WriteScope;
  data: AuditData | null;
};

type FromResult<T, V> = V | ((result: T) => V);

export type CommandSpec<T> = {
  action: CommandAction;
  scope: WriteScope;
  /** The changed record's id; for a create, read from the result; a list gives one event per record. */
  target: FromResult<T, string | readonly string[] | null>;
  data?: FromResult<T, AuditData> | undefined;
  /** Who acts when it is not the context's actor (a sign-up: the new account). */
  actorId?: FromResult<T, string | null> | undefined;
};

/** A step every write passes, inside its transaction. */
export type ChangeHook = {
  /** Before the command's work. */
  begin?(tx: Transaction, command: { action: CommandAction; scope: WriteScope }): Promise<void>;
  /** After the work and its audit events, still inside the transaction. */
  end?(tx: Transaction, events: readonly ChangeEvent[]): Promise<void>;
};

/**
 * The visitors' cache scope: the content version triggers (migrations 0002, 0006) skip a bump in
 * a transaction marked private, so only changes visitors can see make their cached views stale.
 */
const visitorCacheScope: ChangeHook = {
  async begin(tx, command) {
    if (command.scope === 'private') {
      await tx.execute(sql`SELECT set_config('bouwsteen.write_scope', 'private', true)`);
    }
  },
};

/** The one place change hooks are listed (revisions and statistics join here). */
const CHANGE_HOOKS: readonly ChangeHook[] = [visitorCacheScope];

const resolve = <T, V>(value: FromResult<T, V>, result: T): V =>
  typeof value === 'function' ? (value as (result: T) => V)(result) : value;

/**
 * Runs `work` in one transaction with the command's audit events and change hooks. Called inside
 * another command's transaction it runs as a savepoint of it.
 */
export async function runCommand<T>(
  ctx: { db: Executor; actor: Actor },
  spec: CommandSpec<T>,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    for (const hook of CHANGE_HOOKS) await hook.begin?.(tx, spec);
    const result = await work(tx);
    const target = resolve(spec.target, result);
    const ids: (string | null)[] = typeof target === 'string' || target === null ? [target] : [...target];
    const actorId = spec.actorId === undefined ? (ctx.actor.user?.id ?? null) : resolve(spec.actorId, result);
    const data = spec.data === undefined ? null : resolve(spec.data, result);
    const events: ChangeEvent[] = ids.map((entityId) => ({
      action: spec.action,
      entityType: COMMANDS[spec.action],
      entityId,
      actorId,
      scope: spec.scope,
      data,
    }));
    if (events.length > 0) {
      await tx.insert(auditEvents).values(
        events.map((event) => ({
          actorId: event.actorId,
          action: event.action,
          entityType: event.entityType,
          entityId: event.entityId,
          data: event.data,
        })),
      );
    }
    for (const hook of CHANGE_HOOKS) await hook.end?.(tx, events);
    return result;
  });
}

/** The scope of a write to content: public when visitors could see the record before or after it. */
export function contentScope(...isVisibleToVisitors: boolean[]): WriteScope {
  return isVisibleToVisitors.some(Boolean) ? 'public' : 'private';
}
