import type { FormAudience } from '../../common/forms/settings.ts';
import type { Actor } from './actor.ts';
import { isAdmin, isSignedIn } from './actor.ts';

/**
 * Forms (issues 11 and 34). A form's rights are its own, never where it is placed: admins work on
 * every form; besides them its owner and the members of the roles its settings name
 * (`editorRoleIds`) do, as long as they are content managers. Working on a form is building and
 * publishing it, changing its settings (its notify addresses too), and reading, exporting, marking
 * and deleting its submissions. A form block on a page grants nothing: a block may only name a form
 * its editor already works on.
 *
 * The owner is the account that made the form (`createdBy`). Only admins make forms, so an owner is
 * an admin when the form is made; the owner keeps the form if they later are a content manager
 * instead, and loses it (with every other right on forms) when they are neither. Content managers
 * get a form through the roles an admin gives it. Making, deleting and duplicating forms, and which
 * roles work on one, stay an admin's.
 */
export type FormForPolicy = {
  /** The account that made the form (null: made by the demo seed, or its maker was erased). */
  createdBy: string | null;
  /** The roles whose content managers work on the form (the form's settings). */
  editorRoleIds: readonly string[];
};

export function canWorkOnForm(actor: Actor, form: FormForPolicy): boolean {
  if (isAdmin(actor)) return true;
  // Form results are personal data: a role given to a form makes its content managers, not every
  // member (roles also say who may fill a form in or see a page), its readers.
  if (!isSignedIn(actor) || !actor.user.isContentManager) return false;
  if (form.createdBy !== null && form.createdBy === actor.user.id) return true;
  const roles = new Set(actor.user.roleIds);
  return form.editorRoleIds.some((role) => roles.has(role));
}

/** Who a form is for (SPEC 3 audience levels), as the form's settings say. */
export type FormAudienceForPolicy = { audience: FormAudience; audienceRoleIds: readonly string[] };

/**
 * Why an actor may not fill a form in, so the visitor is told how to get in: sign in, verify the
 * e-mail address, or (members of roles, admins) that it is not for them. Null: they may.
 */
export type AudienceBarrier = 'signIn' | 'verifyEmail' | 'notForYou';

export function audienceBarrier(actor: Actor, form: FormAudienceForPolicy): AudienceBarrier | null {
  if (form.audience === 'Public') return null;
  if (!isSignedIn(actor)) return 'signIn';
  // Admins may fill in every form (and so try out their own).
  if (isAdmin(actor)) return null;
  switch (form.audience) {
    case 'Users':
      return null;
    case 'Verify':
      return actor.user.emailVerified ? null : 'verifyEmail';
    case 'Roles': {
      const roles = new Set(actor.user.roleIds);
      return form.audienceRoleIds.some((role) => roles.has(role)) ? null : 'notForYou';
    }
    default:
      return 'notForYou';
  }
}

/** A submission as its rules need it: whose it is and the form it answers. */
export type SubmissionForPolicy = { userId: string | null; form: FormForPolicy };

export const formPolicies = {
  /** The forms table: admins see every form, content managers those they work on (canWorkOnForm). */
  'form.list': (actor: Actor) => isSignedIn(actor),
  /** Make a new form, duplicate one, delete one. */
  'form.create': (actor: Actor) => isAdmin(actor),
  'form.delete': (actor: Actor) => isAdmin(actor),
  /** Open the builder, save the draft, publish, change settings; read submissions, dashboards and exports. */
  'form.update': canWorkOnForm,
  'form.viewResults': canWorkOnForm,
  /** Which roles work on a form (its `editorRoleIds`): like a page's rights, an admin's. */
  'form.changeRights': (actor: Actor) => isAdmin(actor),
  /** Who may fill it in (SPEC 3 audience levels). */
  'form.submit': (actor: Actor, form: FormAudienceForPolicy) => audienceBarrier(actor, form) === null,
  /**
   * A receipt: the submitter (by session) and those who read the form's results. An anonymous
   * submission is opened by its unguessable link, which the use-case checks.
   */
  'formSubmission.view': (actor: Actor, submission: SubmissionForPolicy) =>
    canWorkOnForm(actor, submission.form) ||
    (submission.userId !== null && isSignedIn(actor) && actor.user.id === submission.userId),
  /** Mark handled, delete: those who read the form's results. */
  'formSubmission.manage': (actor: Actor, submission: SubmissionForPolicy) =>
    canWorkOnForm(actor, submission.form),
};
