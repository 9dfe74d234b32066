import './cookie-consent-dialog.css';
import { type FormEvent, type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { consentOfChoice, isConsentChoice } from '../../common/cookie-consent';
import { useTranslation } from '../i18n';
import { useCookieConsent } from './cookie-consent';

/** The dialog's id: the footer's "Cookie-instellingen" links to it (it opens by `:target` without JavaScript). */
export const COOKIE_DIALOG_ID = 'cookie-consent';

/** The footer's "Cookie-instellingen" link: without JavaScript the dialog's close control goes back to it. */
export const COOKIE_SETTINGS_LINK_ID = 'cookie-settings';

/** Where a choice is posted without JavaScript (web/routes/cookie-consent.ts). */
export const CONSENT_POST_PATH = '/cookie-consent';

/**
 * SPEC 4 cookie consent: required cookies always, the site's other categories by choice. A native
 * `<dialog>` rendered on the server with a plain form, so the choice works before (and without) any
 * script: the buttons post to /cookie-consent, which sets the cookie and sends the visitor back.
 * Once the page has hydrated, the same form stores the choice in the browser without a reload, and
 * the dialog is shown modally (`showModal`): the rest of the page is inert, so Tab stays inside it,
 * and the browser returns the focus when it closes. It is labelled by its title and described by the
 * intro. Until a choice is stored it has no close button and ignores Escape: the visitor chooses,
 * even if only "required". Afterwards (reopened from the footer) Escape, the close button and a
 * click beside it close it. Without JavaScript the reopened dialog shows by `:target`, and its close
 * control is a link back to the footer's link (`#cookie-settings`): the dialog is no longer the
 * target, so it hides, and the visitor is back where they opened it (issue 32). Once the page has
 * hydrated it is the button that closes the modal dialog.
 */
export function CookieConsentDialog() {
  const { t, i18n } = useTranslation();
  const consent = useCookieConsent();
  const { pathname, search } = useLocation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  // Open in the server's HTML when it opens by itself; from then on only showModal and close open
  // and close it (the attribute stays as rendered, so React never fights the browser over it).
  const [isOpenInHtml] = useState(consent.isDialogOpen);
  // The server's HTML (and a page whose script never runs) has the link; the hydrated page the button.
  const [isHydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // The dialog that opens by itself on a first visit has no control to give the focus back to:
  // after the choice the focus goes to the main content (the skip link's target), not to <body>.
  const focusMainOnClose = useRef(false);
  const canDismiss = !consent.isChoiceRequired;
  const { isDialogOpen, consent: stored, closeDialog } = consent;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isDialogOpen) {
      if (dialog.matches(':modal')) return;
      // As the visitor last chose (ticks changed and then dismissed are not kept).
      for (const box of dialog.querySelectorAll<HTMLInputElement>('input[name="category"]')) {
        box.checked = stored?.categories.includes(box.value as never) ?? false;
      }
      if (!dialog.open) {
        dialog.showModal();
        return;
      }
      // The server's open, non-modal dialog becomes modal in a task of its own: making the rest of
      // the page inert restyles all of it, which would otherwise lengthen the hydration's commit, the
      // longest task of a visitor's first load (blocking time, issue 32).
      const timer = setTimeout(() => {
        if (dialog.matches(':modal')) return;
        dialog.close();
        dialog.showModal();
      });
      return () => clearTimeout(timer);
    }
    if (dialog.open) dialog.close();
    if (focusMainOnClose.current) {
      focusMainOnClose.current = false;
      document.getElementById('main')?.focus({ preventScroll: true });
    }
  }, [isDialogOpen, stored]);

  if (consent.categories.length === 0) return null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const choice = isConsentChoice(submitter?.value) ? submitter.value : 'chosen';
    const ticked = new FormData(event.currentTarget).getAll('category');
    focusMainOnClose.current = consent.isChoiceRequired;
    consent.save(consentOfChoice(choice, ticked, consent.categories).categories);
  }
  // Escape asks the dialog to close (the cancel event): refused until a choice is stored. Browsers
  // that let a second Escape through anyway are stopped at the key.
  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Escape' && !canDismiss) event.preventDefault();
    if (event.key === 'Tab') keepTabInside(event);
  }
  // The page behind a modal dialog is inert, but the browser's own controls are not: Tab past the
  // last control goes back to the first (and Shift+Tab the other way), as in any dialog of the site.
  function keepTabInside(event: KeyboardEvent<HTMLDialogElement>) {
    const controls = [
      ...(dialogRef.current?.querySelectorAll<HTMLElement>('a[href], button, input:not([disabled])') ?? []),
    ];
    const first = controls[0];
    const last = controls.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  }
  function onCancel(event: FormEvent<HTMLDialogElement>) {
    if (!canDismiss) event.preventDefault();
  }
  // Closed by the browser (Escape, or a click beside it where `closedby` is supported).
  function onClose() {
    if (!isDialogOpen || dialogRef.current?.open) return;
    if (canDismiss) closeDialog();
    else dialogRef.current?.showModal();
  }
  // A click on the backdrop lands on the dialog itself (its content fills it).
  function onClick(event: MouseEvent<HTMLDialogElement>) {
    if (canDismiss && event.target === dialogRef.current) closeDialog();
  }

  return (
    <dialog
      ref={dialogRef}
      id={COOKIE_DIALOG_ID}
      className="cookie-consent-dialog"
      data-testid="cookie-consent-dialog"
      aria-labelledby="cookie-consent-title"
      aria-describedby="cookie-consent-intro"
      open={isOpenInHtml}
      closedby={canDismiss ? 'any' : 'none'}
      onKeyDown={onKeyDown}
      onCancel={onCancel}
      onClose={onClose}
      onClick={onClick}
    >
      <form method="post" action={CONSENT_POST_PATH} className="cookie-consent-content" onSubmit={onSubmit}>
        <div className="cookie-consent-header">
          <h2 id="cookie-consent-title" className="cookie-dialog-title">
            {t('cookies.title')}
          </h2>
          {canDismiss && isHydrated ? (
            <button
              type="button"
              className="cookie-consent-close"
              aria-label={t('buttons.close')}
              onClick={closeDialog}
            >
              <CloseIcon />
            </button>
          ) : canDismiss ? (
            <a
              href={`#${COOKIE_SETTINGS_LINK_ID}`}
              className="cookie-consent-close"
              aria-label={t('buttons.close')}
            >
              <CloseIcon />
            </a>
          ) : null}
        </div>
        <input type="hidden" name="returnTo" value={`${pathname}${search}`} />
        <p id="cookie-consent-intro" className="cookie-consent-intro">
          {t('cookies.intro')}{' '}
          <Link to={`/legal/cookie-statement/${i18n.language}`}>{t('cookies.statementLink')}</Link>
        </p>
        <fieldset className="cookie-categories">
          <legend className="visually-hidden">{t('cookies.categoriesLegend')}</legend>
          <CategoryBox
            id="cookie-category-required"
            label={t('cookies.category.required')}
            description={t('cookies.description.required')}
            isRequired
          />
          {consent.categories.map((category) => (
            <CategoryBox
              key={category}
              id={`cookie-category-${category}`}
              value={category}
              label={t(`cookies.category.${category}`)}
              description={t(`cookies.description.${category}`)}
              isChecked={stored?.categories.includes(category) ?? false}
            />
          ))}
        </fieldset>
        <div className="cookie-dialog-actions">
          {/* The first button answers Enter in a checkbox: the choice that stores least. */}
          <button type="submit" name="choice" value="required" className="cookie-button">
            {t('cookies.onlyRequired')}
          </button>
          <button type="submit" name="choice" value="chosen" className="cookie-button">
            {t('cookies.saveChoice')}
          </button>
          <button type="submit" name="choice" value="all" className="cookie-button cookie-button-primary">
            {t('cookies.acceptAll')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

function CloseIcon() {
  return (
    <svg viewBox="0 0 15 15" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        d="M11.78 4.03a.75.75 0 0 0-1.06-1.06L7.5 6.19 4.28 2.97a.75.75 0 0 0-1.06 1.06L6.44 7.5l-3.22 3.22a.75.75 0 1 0 1.06 1.06L7.5 8.56l3.22 3.22a.75.75 0 1 0 1.06-1.06L8.56 7.5l3.22-3.47Z"
        fill="currentColor"
      />
    </svg>
  );
}

function CategoryBox({
  id,
  value,
  label,
  description,
  isRequired = false,
  isChecked = false,
}: {
  id: string;
  value?: string;
  label: string;
  description: string;
  isRequired?: boolean;
  isChecked?: boolean;
}) {
  return (
    <div className={isRequired ? 'cookie-category cookie-category-required' : 'cookie-category'}>
      <input
        type="checkbox"
        id={id}
        name={isRequired ? undefined : 'category'}
        value={value}
        // Required cookies are always on: shown ticked, not a choice.
        defaultChecked={isRequired || isChecked}
        disabled={isRequired}
        aria-describedby={`${id}-description`}
      />
      <div>
        <label htmlFor={id}>{label}</label>
        <p id={`${id}-description`} className="cookie-category-description">
          {description}
        </p>
      </div>
    </div>
  );
}
