import { Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { appContext } from '#app-context';
import { accountMeta } from '../../account/meta';
import { InvitationsSection } from '../../components/admin/InvitationsSection';
import { UsersSection } from '../../components/admin/UsersSection';
import { requireAdmin } from '../guards';
import type { Route } from './+types/users';

/** SPEC route "admin/users": admins only; visitors sign in first, others see the unauthorized page. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(await context.get(appContext).site.getViewer(), request);
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, 'admin.title');
}

export default function AdminUsersPage() {
  const { t } = useTranslation();
  return (
    <Container size="xl" py="lg">
      <Title order={1} mb="lg">
        {t('admin.title')}
      </Title>
      <Stack gap="xl">
        <UsersSection />
        <InvitationsSection />
      </Stack>
    </Container>
  );
}
