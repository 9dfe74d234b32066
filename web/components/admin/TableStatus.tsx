import { Button, Group, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../account/tasks';

/** One full-width table row for the loading, failed and empty states (SPEC 9 table texts). */
export function TableStatus({
  query,
  isEmpty,
  columns,
}: {
  query: UseQueryResult<unknown>;
  isEmpty: boolean;
  columns: number;
}) {
  const { t } = useTranslation();
  let content: ReactNode = null;
  if (query.isPending) content = <Text c="dimmed">{t('table.loading')}</Text>;
  else if (query.isError) {
    content = (
      <Group justify="space-between" role="alert">
        <Text c="red">{errorMessage(query.error, t('tasks.failedText'))}</Text>
        <Button size="compact-sm" variant="light" color="red" onClick={() => void query.refetch()}>
          {t('tasks.retry')}
        </Button>
      </Group>
    );
  } else if (isEmpty) content = <Text c="dimmed">{t('table.noData')}</Text>;
  if (!content) return null;
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>{content}</Table.Td>
    </Table.Tr>
  );
}
