import { Button, Group, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n';

/**
 * The one row a small admin table shows in place of its rows: while its query loads, after a failed
 * load (with "Vernieuwen" to try again), or when there is nothing (`empty`); null once there are
 * rows to show.
 */
export function QueryStateRow({
  query,
  isEmpty,
  empty,
  colSpan,
}: {
  query: { isPending: boolean; isError: boolean; refetch(): unknown };
  isEmpty: boolean;
  empty: ReactNode;
  colSpan: number;
}) {
  const { t } = useTranslation();
  if (!query.isPending && !query.isError && !isEmpty) return null;
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        {query.isPending ? (
          t('table.loading')
        ) : query.isError ? (
          <Group gap="sm">
            <Text size="sm">{t('table.noData')}</Text>
            <Button size="xs" variant="light" onClick={() => void query.refetch()}>
              {t('buttons.refresh')}
            </Button>
          </Group>
        ) : (
          empty
        )}
      </Table.Td>
    </Table.Tr>
  );
}
