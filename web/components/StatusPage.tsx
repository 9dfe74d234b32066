import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Not found, unauthorized and error states: never a blank screen. */
export function StatusPage({
  title,
  text,
  showHomeLink = false,
}: {
  title: string;
  text: string;
  showHomeLink?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack className="status-page" gap="sm" py="xl" px="md" maw={720} mx="auto">
      <Title order={1}>{title}</Title>
      <Text>{text}</Text>
      {showHomeLink ? (
        <Anchor component={Link} to="/">
          {t('status.backHome')}
        </Anchor>
      ) : null}
    </Stack>
  );
}
