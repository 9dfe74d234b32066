import { AppError } from '../errors.ts';
import type { Actor } from './actor.ts';
import { formPolicies } from './form.ts';
import { listPolicies } from './list.ts';
import { mediaPolicies } from './media.ts';
import { menuPolicies } from './menu.ts';
import { pagePolicies } from './page.ts';
import { sitePolicies } from './site.ts';
import { trashPolicies } from './trash.ts';
import { userPolicies } from './user.ts';

export * from './actor.ts';
export type {
  AudienceBarrier,
  FormAudienceForPolicy,
  FormForPolicy,
  SubmissionForPolicy,
} from './form.ts';
export { audienceBarrier } from './form.ts';
export type { ListForPolicy, ListItemAt, ListItemForPolicy } from './list.ts';
export type { AssetForPolicy, MediaForReference, MediaOwnerForPolicy, MediaReferrer } from './media.ts';
export { isPublicMedia } from './media.ts';
export type { BlockPageForPolicy, PageForPolicy } from './page.ts';
export type { AccountChange, AccountForPolicy } from './user.ts';
export { locksOutSelf } from './user.ts';

/**
 * The one action table: every decision about who may do what is a row here, `(actor) → boolean` or
 * `(actor, resource) → boolean`. Use-cases ask `authorize` (or `can` for a row filter), the
 * abilities the web app reads are generated from the same rows (`abilities`), and the policy matrix
 * test walks every row.
 */
export const POLICIES = {
  ...pagePolicies,
  ...listPolicies,
  ...mediaPolicies,
  ...userPolicies,
  ...sitePolicies,
  ...menuPolicies,
  ...formPolicies,
  ...trashPolicies,
} satisfies Record<string, ((actor: Actor) => boolean) | ((actor: Actor, resource: never) => boolean)>;

export type Action = keyof typeof POLICIES;
type Rule<A extends Action> = (typeof POLICIES)[A];
/** The resource an action is decided on; `[]` for actions that need none. */
export type ResourceArgs<A extends Action> =
  Parameters<Rule<A>> extends [Actor] ? [] : [Parameters<Rule<A>>[1]];
export type ResourceOf<A extends Action> = ResourceArgs<A> extends [infer R] ? R : never;

export function can<A extends Action>(actor: Actor, action: A, ...resource: ResourceArgs<A>): boolean {
  const rule = POLICIES[action] as (actor: Actor, resource?: unknown) => boolean;
  return rule(actor, resource[0]);
}

/**
 * Use-cases call this before acting and nothing else decides: a visitor is asked to sign in (401),
 * an inactive account is told so, anyone else who may not is forbidden (403).
 */
export function authorize<A extends Action>(actor: Actor, action: A, ...resource: ResourceArgs<A>): void {
  if (can(actor, action, ...resource)) return;
  if (actor.user === null) throw new AppError('unauthorized');
  if (!actor.user.isActive) throw new AppError('account_inactive');
  throw new AppError('forbidden', `not allowed: ${action}`);
}

/** A record the actor may not see is not found: whether it exists is not revealed (404). */
export function ensureVisible<A extends Action>(
  actor: Actor,
  action: A,
  resource: ResourceOf<A>,
  what: string,
): void {
  const rule = POLICIES[action] as (actor: Actor, resource?: unknown) => boolean;
  if (!rule(actor, resource)) throw new AppError('not_found', `${what} not found`);
}

/**
 * What the actor may do with a record, for the web app (`abilities: { update: true, … }`), computed
 * from the same rows that authorise: the client reads these and never re-derives a rule.
 */
export const ABILITIES = {
  page: {
    update: 'page.update',
    changeRights: 'page.changeRights',
    chooseSocialImage: 'page.chooseSocialImage',
  },
  list: { addItem: 'list.addItem', editItems: 'list.editItems' },
  listItem: { update: 'listItem.update', delete: 'listItem.delete' },
  asset: { update: 'media.manage', replace: 'media.manage', delete: 'media.manage' },
  form: {
    update: 'form.update',
    viewResults: 'form.viewResults',
    delete: 'form.delete',
    changeRights: 'form.changeRights',
  },
} as const satisfies Record<string, Record<string, Action>>;

type AbilitySet<E extends keyof typeof ABILITIES> = (typeof ABILITIES)[E];
type AbilityResource<E extends keyof typeof ABILITIES> =
  AbilitySet<E>[keyof AbilitySet<E>] extends infer A extends Action ? ResourceOf<A> : never;

export function abilities<E extends keyof typeof ABILITIES>(
  entity: E,
  actor: Actor,
  resource: AbilityResource<E>,
): { [K in keyof AbilitySet<E>]: boolean } {
  const set: Record<string, Action> = ABILITIES[entity];
  return Object.fromEntries(
    Object.entries(set).map(([name, action]) => {
      const rule = POLICIES[action] as (actor: Actor, resource?: unknown) => boolean;
      return [name, rule(actor, resource)];
    }),
  ) as { [K in keyof AbilitySet<E>]: boolean };
}
