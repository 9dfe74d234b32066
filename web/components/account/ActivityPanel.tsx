import { Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../account/format';
import { accountQueries } from '../../account/queries';
import { useTranslation } from '../../i18n';
import { ActivitySentence } from '../activity/ActivitySentence';
import { QueryState } from './QueryState';
import '../../i18n/account';

/** The user's own recent events (sign-ins, profile changes, tokens), as sentences in their language. */
export function ActivityPanel() {
  const { t, i18n } = useTranslation();
  const activity = useQuery(accountQueries.activity);
  return (
    <QueryState query={activity}>
      {(events) =>
        events.length === 0 ? (
          <Text c="dimmed">{t('account.activity.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('account.activity.at')}</Table.Th>
                  <Table.Th>{t('account.activity.what')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {events.map((event) => (
                  <Table.Tr key={event.id}>
                    <Table.Td>{formatDateTime(event.at, i18n.language)}</Table.Td>
                    <Table.Td>
                      <ActivitySentence parts={event.parts} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )
      }
    </QueryState>
  );
}
