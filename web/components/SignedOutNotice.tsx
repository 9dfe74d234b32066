import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../i18n';
import { useClientValue } from './hydration';

/** Why someone was signed out without choosing "Uitloggen" (web/account/sign-out.ts). */
export type SignedOutNotice = 'termsDeclined';

/** The history state of the page a sign-out lands on. */
export type SignedOutState = { signedOutNotice: SignedOutNotice };

function noticeOf(state: unknown): SignedOutNotice | null {
  return typeof state === 'object' && state !== null && 'signedOutNotice' in state
    ? state.signedOutNotice === 'termsDeclined'
      ? 'termsDeclined'
      : null
    : null;
}

/**
 * On the page a sign-out lands on, what happened and how to come back (declining the terms of use
 * signs out). It takes the focus, so it is read first, and stays until it is closed (the state
 * belongs to this history entry, and outlives a reload). The server never sees that state: the
 * notice appears only once the page has hydrated, so the server's HTML and the first render agree.
 */
export function SignedOutNoticeBox() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const notice = useClientValue(noticeOf(location.state), null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) box.current?.focus({ preventScroll: true });
  }, [notice]);
  if (!notice) return null;
  return (
    <div className="container">
      <div
        ref={box}
        className="signed-out-notice"
        role="status"
        tabIndex={-1}
        aria-labelledby="signed-out-notice-title"
      >
        <p id="signed-out-notice-title" className="signed-out-notice-title">
          {t('auth.signedOut.title')}
        </p>
        <p className="signed-out-notice-text">{t('auth.signedOut.termsDeclined')}</p>
        <div className="signed-out-notice-actions">
          <Link to="/sign-in">{t('auth.signedOut.signInAgain')}</Link>
          <button
            type="button"
            className="signed-out-notice-close"
            onClick={() => void navigate(location, { replace: true, state: null, preventScrollReset: true })}
          >
            {t('auth.signedOut.close')}
          </button>
        </div>
      </div>
    </div>
  );
}
