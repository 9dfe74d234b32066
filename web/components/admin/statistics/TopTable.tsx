import { Anchor, Button, Group, Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../i18n/admin';

export type TopColumn<Row> = { header: string; render: (row: Row) => ReactNode; numeric?: boolean };

/** One "top" list of the statistics: a captioned table with its CSV export. */
export function TopTable<Row>({
  title,
  rows,
  columns,
  rowKey,
  exportHref,
}: {
  title: string;
  rows: Row[];
  columns: TopColumn<Row>[];
  rowKey: (row: Row) => string;
  exportHref: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="xs" wrap="nowrap" align="flex-start">
        <Text component="h2" fw={600} size="lg">
          {title}
        </Text>
        <Button
          component="a"
          href={exportHref}
          download
          variant="default"
          size="compact-sm"
          aria-label={t('statistics.exportLabel', { name: title })}
        >
          {t('statistics.export')}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={260}>
        <Table striped>
          <VisuallyHidden component="caption">{title}</VisuallyHidden>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.header} scope="col" ta={column.numeric ? 'right' : undefined}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed" size="sm">
                    {t('table.noData')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <Table.Td key={column.header} ta={column.numeric ? 'right' : undefined}>
                      {column.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** A counted path: the page's title when it is a page in the menu, with its path beneath. */
export function PagePath({ path, title }: { path: string; title: string | null }) {
  return (
    <>
      <Anchor href={path} size="sm" style={{ wordBreak: 'break-word' }}>
        {title ?? path}
      </Anchor>
      {title ? (
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {path}
        </Text>
      ) : null}
    </>
  );
}
