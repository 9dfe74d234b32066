import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from '../../../../i18n';
import '../../../../i18n/form-results';

/**
 * What can be done with the selected submissions. The buttons stay focusable while nothing is
 * selected (aria-disabled, not disabled), so the focus never drops to the page when a selection
 * empties under them.
 */
export function SelectionToolbar({
  count,
  isBusy,
  onMark,
  onDelete,
}: {
  count: number;
  isBusy: boolean;
  onMark: (handled: boolean) => void;
  onDelete: (opener: HTMLElement) => void;
}) {
  const { t } = useTranslation();
  const isEmpty = count === 0;
  const inactive = { 'aria-disabled': isEmpty || isBusy, 'data-disabled': isEmpty || isBusy || undefined };
  return (
    <Group gap="xs" wrap="wrap" aria-label={t('formResults.selection.actions')} role="group">
      <Text size="sm" aria-live="polite" data-testid="selection-count">
        {t('formResults.selection.count', { count })}
      </Text>
      <Button
        size="compact-sm"
        variant="light"
        {...inactive}
        onClick={() => {
          if (!isEmpty && !isBusy) onMark(true);
        }}
      >
        {t('formResults.selection.markHandled')}
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        {...inactive}
        onClick={() => {
          if (!isEmpty && !isBusy) onMark(false);
        }}
      >
        {t('formResults.selection.markNotHandled')}
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        color="red"
        {...inactive}
        onClick={(event) => {
          if (!isEmpty && !isBusy) onDelete(event.currentTarget);
        }}
      >
        {t('formResults.selection.delete')}
      </Button>
    </Group>
  );
}
