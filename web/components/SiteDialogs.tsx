import { lazy, Suspense, useEffect, useState } from 'react';
import { useViewer } from '../account/viewer';
import { CookieConsentDialog } from './CookieConsentDialog';

// Each account dialog's code (Mantine's Modal, focus trap, scroll lock; the account calls) loads
// only when it can open: none of it reaches a visitor.
const TermsDialog = lazy(() =>
  import('./account/TermsDialog').then((module) => ({ default: module.TermsDialog })),
);
const InactiveDialog = lazy(() =>
  import('./account/InactiveDialog').then((module) => ({ default: module.InactiveDialog })),
);

/**
 * The site's dialogs: cookie consent (issue 32: a native dialog in the server's HTML on every page
 * of a site with optional cookies, open when the visitor has not chosen yet; it costs no code of
 * its own to load), and for signed-in users the terms of use and the inactive-account notice, which
 * render in a portal, never on the server, so they wait for hydration.
 */
export function SiteDialogs() {
  const viewer = useViewer();
  // Only a signed-in page has a dialog to add: a visitor's page renders nothing again.
  const [isHydrated, setHydrated] = useState(false);
  useEffect(() => {
    if (viewer) setHydrated(true);
  }, [viewer]);
  return (
    <>
      <CookieConsentDialog />
      {isHydrated && viewer ? (
        <Suspense fallback={null}>
          <TermsDialog />
          {viewer.isActive ? null : <InactiveDialog />}
        </Suspense>
      ) : null}
    </>
  );
}
