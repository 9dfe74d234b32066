import '../../styles/mantine-overlays.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useSignOut } from '../../account/sign-out';
import { useViewer } from '../../account/viewer';
import { useTranslation } from '../../i18n';
import '../../i18n/account';

/** SPEC 4: a signed-in user whose account is not active can only sign out. */
export function InactiveDialog() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const signOut = useSignOut();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      opened={viewer !== null && !viewer.isActive}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={t('inactive.title')}
    >
      <Stack gap="sm">
        <Text>{t('inactive.text')}</Text>
        <Group justify="flex-end">
          <Button
            loading={busy}
            data-autofocus
            onClick={() => {
              setBusy(true);
              void signOut().finally(() => setBusy(false));
            }}
          >
            {t('auth.signOut')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
