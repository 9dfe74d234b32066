import { Alert, Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { accountMeta } from '../../account/meta';
import { AdminPage } from '../../components/admin/AdminPage';
import type { Route } from './+types/forms';
import '../../i18n/admin';

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, 'adminShell.forms');
}

/**
 * SPEC 1: forms sit in the admin side menu, marked beta. Forms with versions and per-version
 * dashboards are the next issue's work; until then the screen says so rather than pretending.
 */
export default function AdminFormsPage() {
  const { t } = useTranslation();
  return (
    <AdminPage
      title={t('adminShell.forms')}
      actions={
        <Group gap={4}>
          <Badge variant="light">{t('adminShell.beta')}</Badge>
        </Group>
      }
    >
      <Alert variant="light" title={t('adminShell.formsComing.title')}>
        <Text size="sm">{t('adminShell.formsComing.text')}</Text>
      </Alert>
    </AdminPage>
  );
}
