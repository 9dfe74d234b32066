import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../../i18n';
import '../../../../i18n/form-results';

/** Asks before submissions are deleted: they cannot come back. */
export function DeleteSubmissionsDialog({
  count,
  isOpen,
  isBusy,
  onCancel,
  onConfirm,
}: {
  count: number;
  isOpen: boolean;
  isBusy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={isOpen} onClose={onCancel} title={t('formResults.delete.title', { count })}>
      <Stack gap="md">
        <Text>{t('formResults.delete.text', { count })}</Text>
        <Group justify="flex-end">
          <Button variant="default" data-autofocus onClick={onCancel}>
            {t('buttons.cancel')}
          </Button>
          <Button color="red.9" loading={isBusy} onClick={onConfirm}>
            {t('formResults.delete.confirm', { count })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
