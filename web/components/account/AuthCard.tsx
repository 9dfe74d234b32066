import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A narrow titled card for the sign-in, sign-up and password screens. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" maw={480} mx="auto" my="xl">
      <Stack gap="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
