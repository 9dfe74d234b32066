import { Box, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The id of every admin screen's heading: the admin layout moves the focus there after navigation. */
export const ADMIN_TITLE_ID = 'admin-title';

/**
 * One admin screen: its heading (with the screen's main actions beside it), an optional line of
 * explanation, and the content.
 */
export function AdminPage({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="lg">
      <Box>
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Title order={1} size="h2" id={ADMIN_TITLE_ID} tabIndex={-1} className="admin-title">
            {title}
          </Title>
          {actions ? <Group gap="sm">{actions}</Group> : null}
        </Group>
        {description ? (
          <Text c="dimmed" mt={4}>
            {description}
          </Text>
        ) : null}
      </Box>
      {children}
    </Stack>
  );
}
