/** SPEC 4: the terms dialog is skipped on the terms of use themselves and on account/security. */
const TERMS_DIALOG_SKIPPED = [/^\/legal\/terms-of-use(\/|$)/, /^\/account\/security(\/|$)/];

export function isTermsDialogSkipped(pathname: string): boolean {
  return TERMS_DIALOG_SKIPPED.some((pattern) => pattern.test(pathname));
}
