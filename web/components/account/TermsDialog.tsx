import '../../styles/mantine-overlays.css';
import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useRevalidator } from 'react-router';
import { LEGAL_PAGES } from '../../../common/site';
import { useSignOut } from '../../account/sign-out';
import { errorMessage } from '../../account/tasks';
import { isTermsDialogSkipped } from '../../account/terms';
import { useViewer } from '../../account/viewer';
import { api, unwrap } from '../../api/client';
import { useTranslation } from '../../i18n';
import { useRootData } from '../../layouts/root-data';
import { useCookieConsent } from '../cookie-consent';
import '../../i18n/account';

/**
 * Asks a signed-in, active user to accept the current terms of use when the accepted version
 * differs, with a "new version" text when an older version was accepted. Accept stores the current
 * version. Decline first says what follows (signed out, accept later by signing in again) and asks
 * once more; then it clears the version and signs out, and the home page says why (the site cannot
 * be used without accepting).
 */
export function TermsDialog() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const root = useRootData();
  const { pathname } = useLocation();
  const { revalidate } = useRevalidator();
  const signOut = useSignOut();
  // One dialog at a time: the cookie choice comes first.
  const { isDialogOpen: isCookieDialogOpen } = useCookieConsent();
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isConfirmingDecline, setConfirmingDecline] = useState(false);
  const back = useRef<HTMLButtonElement>(null);
  const declineButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  const current = Number(root?.shell.settings.termsOfUseVersion ?? '');
  const locale = root?.shell.locale ?? 'nl';
  const accepted = viewer?.termsOfUseVersionAccepted ?? null;
  const isOpen =
    viewer?.isActive === true &&
    Number.isInteger(current) &&
    current > 0 &&
    accepted !== current &&
    !isCookieDialogOpen &&
    !isTermsDialogSkipped(pathname);
  const isNewVersion = accepted !== null && accepted > 0;
  // A closed dialog starts at the terms again (the next user to sign in in this tab).
  useEffect(() => {
    if (!isOpen) setConfirmingDecline(false);
  }, [isOpen]);
  // The question takes the focus (on the safe answer), and going back returns it to "Weiger".
  useEffect(() => {
    if (isConfirmingDecline) back.current?.focus();
    else if (wasConfirming.current) declineButton.current?.focus();
    wasConfirming.current = isConfirmingDecline;
  }, [isConfirmingDecline]);

  async function choose(choice: 'accept' | 'decline') {
    setBusy(choice);
    setError(null);
    try {
      await unwrap(
        api.PUT('/api/profiles:loggedIn', {
          body: { termsOfUseVersionAccepted: choice === 'accept' ? current : null },
        }),
      );
      if (choice === 'accept') await revalidate();
      else await signOut({ notice: 'termsDeclined' });
    } catch (caught) {
      setError(errorMessage(caught, t('tasks.failedText')));
    } finally {
      setBusy(null);
    }
  }

  const title = isConfirmingDecline
    ? t('terms.confirmDeclineTitle')
    : t(isNewVersion ? 'terms.newVersionTitle' : 'terms.title');
  return (
    <Modal
      opened={isOpen}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={title}
    >
      {isConfirmingDecline ? (
        <Stack gap="sm">
          <Text>{t('terms.confirmDeclineText')}</Text>
          <Text>{t('terms.confirmDeclineLater')}</Text>
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button
              ref={back}
              variant="default"
              disabled={busy !== null}
              onClick={() => {
                setError(null);
                setConfirmingDecline(false);
              }}
            >
              {t('terms.back')}
            </Button>
            <Button
              color="red.9"
              loading={busy === 'decline'}
              disabled={busy !== null}
              onClick={() => void choose('decline')}
            >
              {error ? t('tasks.retry') : t('terms.declineAndSignOut')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text>{t(isNewVersion ? 'terms.newVersionText' : 'terms.text')}</Text>
          <Anchor component={Link} to={LEGAL_PAGES.termsOfUse.path(locale)} target="_blank">
            {t('terms.read')}
          </Anchor>
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button
              ref={declineButton}
              variant="default"
              disabled={busy !== null}
              onClick={() => {
                setError(null);
                setConfirmingDecline(true);
              }}
            >
              {t('terms.decline')}
            </Button>
            <Button
              loading={busy === 'accept'}
              disabled={busy !== null}
              onClick={() => void choose('accept')}
              data-autofocus
            >
              {error ? t('tasks.retry') : t('terms.accept')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
