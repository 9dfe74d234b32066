import { lazy, Suspense, useEffect, useState } from 'react';
import { useViewer } from '../account/viewer';
import { useCookieConsent } from './cookie-consent';

// Each dialog's code (Mantine's Modal, focus trap, scroll lock; the account calls) loads only when
// it can open: none of it reaches a visitor who already chose their cookies.
const CookieConsentDialog = lazy(() =>
  import('./CookieConsentDialog').then((module) => ({ default: module.CookieConsentDialog })),
);
const TermsDialog = lazy(() =>
  import('./account/TermsDialog').then((module) => ({ default: module.TermsDialog })),
);
const InactiveDialog = lazy(() =>
  import('./account/InactiveDialog').then((module) => ({ default: module.InactiveDialog })),
);

/**
 * The site's dialogs: cookie consent (once it has opened it stays mounted, for its closing
 * transition and focus handling), and for signed-in users the terms of use and the inactive-account
 * notice. They render in a portal, never on the server, so they wait for hydration here too.
 */
export function SiteDialogs() {
  const consent = useCookieConsent();
  const viewer = useViewer();
  const [isHydrated, setHydrated] = useState(false);
  const [hasCookieDialog, setHasCookieDialog] = useState(false);
  useEffect(() => setHydrated(true), []);
  const wantsCookieDialog = isHydrated && consent.categories.length > 0 && consent.isDialogOpen;
  useEffect(() => {
    if (wantsCookieDialog) setHasCookieDialog(true);
  }, [wantsCookieDialog]);
  if (!isHydrated) return null;
  return (
    <Suspense fallback={null}>
      {hasCookieDialog || wantsCookieDialog ? <CookieConsentDialog /> : null}
      {viewer ? <TermsDialog /> : null}
      {viewer && !viewer.isActive ? <InactiveDialog /> : null}
    </Suspense>
  );
}
