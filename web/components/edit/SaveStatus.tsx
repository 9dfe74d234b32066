import { Button, Group, Text } from '@mantine/core';
import { errorMessage } from '../../account/tasks';
import { useTranslation } from '../../i18n';
import type { AutosaveStatus } from './autosave';
import '../../i18n/editor';

/**
 * "Opgeslagen", "Opslaan…" or "Niet opgeslagen — opnieuw proberen" (with the reason and when the next
 * try is), told to screen readers politely; nothing before the first change.
 */
export function SaveStatus({
  status,
  hasTyped,
  onRetry,
}: {
  status: AutosaveStatus;
  hasTyped: boolean;
  onRetry(): void;
}) {
  const { t } = useTranslation();
  let text = '';
  if (hasTyped && status.kind === 'saved') text = t('inPlace.status.saved');
  if (status.kind === 'saving') text = t('inPlace.status.saving');
  if (status.kind === 'failed') {
    const reason = errorMessage(status.error, '');
    const next =
      status.retryInMs === null
        ? ''
        : t('inPlace.status.retryIn', { seconds: Math.round(status.retryInMs / 1000) });
    text = `${t('inPlace.status.failed')}${reason ? `: ${reason}` : ''}${next ? ` ${next}` : ''}`;
  }
  return (
    <Group gap={4} className="in-place-status" wrap="wrap">
      <Text
        size="xs"
        c={status.kind === 'failed' ? 'red.9' : 'dimmed'}
        role="status"
        data-autosave={status.kind}
      >
        {text}
      </Text>
      {status.kind === 'failed' ? (
        <>
          <Text size="xs" c="red.9" aria-hidden="true">
            —
          </Text>
          <Button size="compact-xs" variant="subtle" color="red.9" onClick={onRetry} data-autosave-retry>
            {t('inPlace.status.retry')}
          </Button>
        </>
      ) : null}
    </Group>
  );
}
