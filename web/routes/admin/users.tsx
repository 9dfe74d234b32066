import { Button, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { accountMeta } from '../../account/meta';
import { AdminPage } from '../../components/admin/AdminPage';
import { InvitationsSection } from '../../components/admin/InvitationsSection';
import { UsersSection } from '../../components/admin/UsersSection';
import { useTranslation } from '../../i18n';
import type { Route } from './+types/users';
import '../../i18n/admin';

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, 'admin.title');
}

export default function AdminUsersPage() {
  const { t } = useTranslation();
  return (
    <AdminPage
      title={t('admin.title')}
      actions={
        <Button component={Link} to="/admin/users/properties" variant="light">
          {t('adminPeople.users.propertiesLink')}
        </Button>
      }
    >
      <Stack gap="xl">
        <UsersSection />
        <InvitationsSection />
      </Stack>
    </AdminPage>
  );
}
