import type { FormBlockData } from '../../../common/blocks/form.ts';
import {
  FORM_POST_FIELDS,
  FORM_PROOF,
  type RawAnswers,
  type SiteFormSubmitResult,
} from '../../../common/forms/index.ts';
import { FORM_SURVEY_COOKIE, FORM_SURVEY_COOKIE_DAYS } from '../../../common/forms/settings.ts';
import type { BlockView, PageView } from '../../../common/site.ts';
import { AppError, errorMessage, validationText } from '../../errors.ts';
import { safeEqual } from '../accounts/secrets.ts';
import type { Ctx } from '../context.ts';
import type { SubmittedFiles } from './files.ts';
import {
  browserTokenOf,
  deleteOwnSubmission,
  getFormPreview,
  getPublicForm,
  getReceipt,
  newBrowserCookie,
  submit,
} from './index.ts';

/**
 * Forms on the public site: the form blocks of a page filled for the visitor at this moment, the
 * page's action that takes a submission (with or without JavaScript), and the receipt page.
 */

const isFormBlock = (block: BlockView): block is Extract<BlockView, { name: 'form' }> =>
  block.name === 'form';

export function hasFormBlocks(view: PageView): boolean {
  return [...view.blocks, ...view.headerBlocks, ...view.footerBlocks].some(isFormBlock);
}

/**
 * The view with its form blocks' forms as this visitor gets them now (a new object). In edit mode
 * and through a preview link (`mode`, issue 26) the form shows as it stands whatever the moment
 * and whoever looks, marked so that the block says it is a preview (nothing can be sent from it).
 */
export async function withFormData(
  ctx: Pick<Ctx, 'db' | 'actor' | 'locale'>,
  input: {
    view: PageView;
    browserCookie: string | undefined;
    xsrf: string | undefined;
    mode?: 'edit' | 'preview' | undefined;
  },
): Promise<PageView> {
  const { mode } = input;
  const fill = (blocks: BlockView[]) =>
    Promise.all(
      blocks.map(async (block) => {
        if (!isFormBlock(block) || !block.data?.formGuid) return block;
        const form = mode
          ? await getFormPreview(ctx, block.data.formGuid)
          : await getPublicForm(ctx, block.data.formGuid, { browserCookie: input.browserCookie });
        const data: FormBlockData = {
          ...block.data,
          form,
          ...(input.xsrf ? { xsrf: input.xsrf } : {}),
          ...(mode ? { mode } : {}),
        };
        return { ...block, data } as BlockView;
      }),
    );
  const [blocks, headerBlocks, footerBlocks] = await Promise.all([
    fill(input.view.blocks),
    fill(input.view.headerBlocks),
    fill(input.view.footerBlocks),
  ]);
  return { ...input.view, blocks, headerBlocks, footerBlocks };
}

/** The form-survey cookie as a Set-Cookie header value (SPEC 9: required, so no consent is asked). */
export function formSurveySetCookie(value: string, isSecure: boolean): string {
  return `${FORM_SURVEY_COOKIE}=${value}; Path=/; Max-Age=${FORM_SURVEY_COOKIE_DAYS * 86_400}; HttpOnly; SameSite=Lax${isSecure ? '; Secure' : ''}`;
}

/**
 * A form block's HTML form posted to its page: the answers are every field but the form's own
 * (`_form`, `_block`, `_version`, `_xsrf`, the honeypot). Signed-in visitors' posts carry the
 * session's XSRF token in `_xsrf` (a plain HTML form cannot send the header).
 */
export async function submitFromPage(
  ctx: Ctx,
  input: {
    fields: [string, string][];
    browserCookie: string | undefined;
    sessionXsrf: string | null;
    isSecure: boolean;
    files?: SubmittedFiles | 'tooLarge' | undefined;
    /** Posted to a page shown through a preview link (its URL's `preview`): refused (issue 26). */
    fromPreview?: boolean | undefined;
  },
): Promise<SiteFormSubmitResult> {
  const get = (name: string) => input.fields.find(([key]) => key === name)?.[1];
  const blockGuid = (get(FORM_POST_FIELDS.block) ?? '').slice(0, 64);
  const formGuid = get(FORM_POST_FIELDS.form) ?? '';
  const values: Record<string, string | string[]> = {};
  const own = new Set<string>(Object.values(FORM_POST_FIELDS));
  for (const [key, value] of input.fields) {
    if (own.has(key) || key.length > 40 || value.length > 20_000) continue;
    const earlier = values[key];
    values[key] = earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value];
  }
  const refuse = (
    formError: string | null,
    fieldErrors: Record<string, string> = {},
  ): SiteFormSubmitResult => ({
    kind: 'refused',
    result: { blockGuid, values, fieldErrors, formError },
  });
  if (input.sessionXsrf !== null && !safeEqual(get(FORM_POST_FIELDS.xsrf) ?? '', input.sessionXsrf)) {
    return refuse(errorMessage('xsrf_failed', ctx.locale));
  }
  // A draft shown through a preview link is not the page visitors answer on: nothing is stored.
  if (input.fromPreview || get(FORM_POST_FIELDS.preview) !== undefined) {
    return refuse(errorMessage('form_preview', ctx.locale));
  }
  if (input.files === 'tooLarge') return refuse(validationText('forms.bodyTooLarge', ctx.locale));
  if (!/^[0-9a-f-]{36}$/i.test(formGuid)) return refuse(errorMessage('not_found', ctx.locale));
  const version = Number(get(FORM_POST_FIELDS.version));
  const known = input.browserCookie && browserTokenOf(input.browserCookie) ? input.browserCookie : undefined;
  const cookie = known ?? newBrowserCookie();
  const setCookie = known ? null : formSurveySetCookie(cookie, input.isSecure);
  try {
    const result = await submit(ctx, formGuid, {
      version: Number.isInteger(version) ? version : 0,
      answers: values as RawAnswers,
      website: get(FORM_POST_FIELDS.honeypot),
      browserCookie: cookie,
      proof: get(FORM_POST_FIELDS.proof)?.slice(0, FORM_PROOF.maxLength + 1),
      files: input.files,
    });
    // A bot caught by the honeypot sees the page again as if nothing happened.
    if (result.kind === 'ignored') return refuse(null);
    return { kind: 'stored', receiptUrl: `/submission/${result.guid}`, setCookie };
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    const fieldErrors: Record<string, string> = {};
    for (const detail of error.details ?? []) {
      const key = detail.path.replace(/^body\/answers\//, '');
      if (key !== detail.path) fieldErrors[key] = validationText(detail.message, ctx.locale, detail.params);
    }
    return refuse(
      Object.keys(fieldErrors).length > 0 ? null : errorMessage(error.code, ctx.locale),
      fieldErrors,
    );
  }
}

/** The receipt page's data, or null (unknown, or not the visitor's). */
export async function receiptFor(ctx: Ctx, guid: string) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(guid)) return null;
  try {
    return await getReceipt(ctx, guid);
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return null;
    throw error;
  }
}

/** The submitter deletes their submission from the receipt page (a plain form post works without JavaScript). */
export async function deleteFromReceipt(
  ctx: Ctx,
  guid: string,
  input: { xsrf: string | undefined; sessionXsrf: string | null },
) {
  if (input.sessionXsrf !== null && !safeEqual(input.xsrf ?? '', input.sessionXsrf)) return false;
  try {
    await deleteOwnSubmission(ctx, guid);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return false;
    throw error;
  }
}
