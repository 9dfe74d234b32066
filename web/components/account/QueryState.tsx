import { Alert, Button, Group, Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../../account/tasks';
import { useTranslation } from '../../i18n';
import '../../i18n/account';

/** Loading and failure states of a query; renders the children once the data is there. */
export function QueryState<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <Loader size="sm" aria-label={t('tasks.busy')} />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        <Group justify="space-between">
          {errorMessage(query.error, t('tasks.failedText'))}
          <Button size="compact-sm" variant="light" color="red" onClick={() => void query.refetch()}>
            {t('tasks.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}
