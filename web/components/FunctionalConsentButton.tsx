import { Button } from '@mantine/core';
import { useLocation } from 'react-router';
import { CONSENT_POST_PATH } from './CookieConsentDialog';
import { useCookieConsent } from './cookie-consent';

/**
 * "Allow functional cookies" in the place of an embed that sets them (the video's player, the
 * map): a plain form, so that it works before the page's scripts run and without them (it posts to
 * routes/cookie-consent.ts, which stores what was accepted so far and functional, and sends the
 * visitor back here), and with them stores the choice at once, without a reload.
 */
export function FunctionalConsentButton({ className, label }: { className: string; label: string }) {
  const consent = useCookieConsent();
  const { pathname, search } = useLocation();
  const accepted = consent.categories.filter((category) => consent.accepts(category));
  return (
    <form
      method="post"
      action={CONSENT_POST_PATH}
      onSubmit={(event) => {
        event.preventDefault();
        consent.accept(['functional']);
      }}
    >
      <input type="hidden" name="choice" value="chosen" />
      <input type="hidden" name="returnTo" value={`${pathname}${search}`} />
      {[...new Set([...accepted, 'functional'])].map((category) => (
        <input key={category} type="hidden" name="category" value={category} />
      ))}
      <Button type="submit" className={className}>
        {label}
      </Button>
    </form>
  );
}
