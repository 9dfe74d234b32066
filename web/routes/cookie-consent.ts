import { redirect } from 'react-router';
import { appContext } from '#app-context';
import { consentCookieString, consentOfChoice, isConsentChoice } from '../../common/cookie-consent';
import { safeReturnPath } from '../../common/urls';
import { sharedCatalogue } from '../i18n';
import type { Route } from './+types/cookie-consent';

/**
 * The cookie dialog's choice posted without JavaScript (issue 32; web/components/CookieConsentDialog.tsx):
 * sets the consent cookie exactly as the browser's script does and sends the visitor back to the
 * page they chose on (303, so a reload does not post again). Only posts from this site's own pages
 * count: another site cannot make a visitor's choice for them.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const siteOrigin = new URL(app.origin).origin;
  const origin = request.headers.get('origin');
  if (request.headers.get('sec-fetch-site') === 'cross-site' || (origin !== null && origin !== siteOrigin)) {
    return new Response(`${sharedCatalogue(app.locale).errors.forbidden}\n`, {
      status: 403,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  const form = await request.formData();
  const returnTo = form.get('returnTo');
  const choice = form.get('choice');
  const shell = await app.site.getShell({ locale: app.locale });
  const consent = consentOfChoice(
    isConsentChoice(choice) ? choice : 'chosen',
    form.getAll('category'),
    shell.optionalCookieCategories,
  );
  return redirect(safeReturnPath(typeof returnTo === 'string' ? returnTo : null), {
    status: 303,
    headers: { 'Set-Cookie': consentCookieString(consent, siteOrigin.startsWith('https:')) },
  });
}

/** Nothing to show at this address: what it is about is the cookie statement. */
export function loader({ context }: Route.LoaderArgs) {
  return redirect(`/legal/cookie-statement/${context.get(appContext).locale}`, 303);
}
