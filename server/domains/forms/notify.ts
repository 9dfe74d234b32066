import type { FormDefinition } from '../../../common/forms/index.ts';
import type { Locale } from '../../../common/localized-text.ts';
import type { FormRow, FormSubmissionRow } from '../../db/schema.ts';
import { FORM_SUBMISSION_MAIL } from '../../mail/templates.ts';
import type { Ctx } from '../context.ts';
import { getPlatformSettings } from '../settings/queries.ts';
import { roleMemberEmails } from './queries.ts';
import { answerRows } from './view.ts';

/**
 * The Notify action: the answers to the form's addresses and the members of its roles (in Dutch,
 * the site's language), and a copy to the submitter in the language they filled it in, when the
 * form asks for one. The submitter's address is their account's, else the first e-mail answer.
 */
export async function notifySubmission(
  ctx: Ctx,
  input: { form: FormRow; definition: FormDefinition; submission: FormSubmissionRow },
) {
  const { form, definition, submission } = input;
  const settings = await getPlatformSettings(ctx.db);
  const receiptUrl = `${ctx.client.origin}/submission/${submission.id}`;
  const adminUrl = `${ctx.client.origin}/admin/forms/${form.id}/${submission.id}`;
  const mail = (to: string, locale: Locale, url: string, copy: boolean) =>
    FORM_SUBMISSION_MAIL[locale]({
      to,
      siteName: settings.platformName,
      url,
      formTitle: form.title,
      answers: answerRows(definition, submission.answers, locale).map((row) => ({
        label: row.label,
        text: row.text,
      })),
      at: submission.createdAt,
      copy,
    });
  const recipients = new Set(
    [...form.settings.notifyEmails, ...(await roleMemberEmails(ctx.db, form.settings.notifyRoleIds))].map(
      (email) => email.toLowerCase(),
    ),
  );
  for (const to of recipients) await ctx.mailer.send(mail(to, 'nl', adminUrl, false));
  if (form.settings.copyToSubmitter) {
    const emailField = definition.fields.find((field) => field.kind === 'email');
    const answered = emailField ? submission.answers[emailField.key] : undefined;
    const to = ctx.user?.email ?? (typeof answered === 'string' ? answered : undefined);
    if (to) await ctx.mailer.send(mail(to, submission.locale, receiptUrl, true));
  }
}
