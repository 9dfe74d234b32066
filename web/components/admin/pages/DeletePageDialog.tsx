import { Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n';
import { pageQueries } from './queries';
import '../../../i18n/admin';

/** The delete confirmation: says what deleting breaks (menu items, lists and their items). */
export function DeletePageDialog({
  page,
  onClose,
  onConfirm,
  busy,
}: {
  page: { guid: string; title: string } | null;
  onClose: () => void;
  onConfirm: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const dependents = useQuery({ ...pageQueries.dependents(page?.guid ?? ''), enabled: page !== null });
  const data = dependents.data;
  return (
    <Modal
      opened={page !== null}
      onClose={onClose}
      title={t('adminPages.delete.title', { title: page?.title ?? '' })}
    >
      <Stack gap="sm">
        <Text size="sm">{t('adminPages.delete.intro')}</Text>
        {!data ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t('adminPages.delete.loading')}</Text>
          </Group>
        ) : data.menuItems.length === 0 && data.lists.length === 0 ? (
          <Text size="sm">{t('adminPages.delete.nothing')}</Text>
        ) : (
          <>
            {data.menuItems.length > 0 ? (
              <div>
                <Text size="sm" fw={600}>
                  {t('adminPages.delete.menuItems')}
                </Text>
                <List size="sm">
                  {data.menuItems.map((item) => (
                    <List.Item key={item.guid}>
                      {t('adminPages.delete.menuItem', { name: item.name, menu: item.menuName })}
                    </List.Item>
                  ))}
                </List>
              </div>
            ) : null}
            {data.lists.length > 0 ? (
              <div>
                <Text size="sm" fw={600}>
                  {t('adminPages.delete.lists')}
                </Text>
                <List size="sm">
                  {data.lists.map((list) => (
                    <List.Item key={list.guid}>
                      {t('adminPages.delete.list', {
                        title: list.title ?? t('adminPages.delete.untitledList'),
                        count: list.itemCount,
                      })}
                    </List.Item>
                  ))}
                </List>
              </div>
            ) : null}
          </>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('buttons.cancel')}
          </Button>
          <Button variant="light" color="red" onClick={onConfirm} loading={busy} disabled={!data}>
            {t('adminPages.delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
