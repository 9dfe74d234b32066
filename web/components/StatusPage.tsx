import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../i18n';

/** Not found, unauthorized and error states: never a blank screen. */
export function StatusPage({
  title,
  text,
  status,
  showHomeLink = false,
  showRetry = false,
}: {
  title: string;
  text: string;
  status?: number;
  showHomeLink?: boolean;
  showRetry?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="container">
      <Stack className="status-page" gap="sm" py="xl" maw={720} data-status={status}>
        {status ? (
          <Text c="dimmed" fw={600} size="sm">
            {status}
          </Text>
        ) : null}
        <Title order={1}>{title}</Title>
        <Text>{text}</Text>
        <Group gap="md" mt="sm">
          {showRetry ? (
            // A full reload: the failure may have been a stale app after a new release.
            <Button onClick={() => window.location.reload()}>{t('status.retry')}</Button>
          ) : null}
          {showHomeLink ? (
            <Anchor component={Link} to="/" reloadDocument={showRetry}>
              {t('status.backHome')}
            </Anchor>
          ) : null}
        </Group>
      </Stack>
    </div>
  );
}
