import type { FormAudience } from '../../common/forms/settings.ts';
import type { Actor } from './actor.ts';
import { isAdmin, isSignedIn } from './actor.ts';
import { canEditPage, type PageForPolicy } from './page.ts';

/**
 * Forms (issue 11). Admins make, change and delete forms and read every answer. A content manager
 * works on the forms of the pages they may edit: a form placed (by a form block) on such a page is
 * theirs to build, publish and read the results of; making and deleting forms stays an admin's.
 */
export type FormForPolicy = {
  /** The pages whose form blocks show the form. */
  pages: readonly PageForPolicy[];
};

export function canWorkOnForm(actor: Actor, form: FormForPolicy): boolean {
  if (isAdmin(actor)) return true;
  return form.pages.some((page) => canEditPage(actor, page));
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
  /** The forms table: admins see every form, others (content managers) those on pages they may edit. */
  'form.list': (actor: Actor) => isSignedIn(actor),
  /** Make a new form, duplicate one, delete one. */
  'form.create': (actor: Actor) => isAdmin(actor),
  'form.delete': (actor: Actor) => isAdmin(actor),
  /** Open the builder, save the draft, publish, change settings; read submissions, dashboards and exports. */
  'form.update': canWorkOnForm,
  'form.viewResults': canWorkOnForm,
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
