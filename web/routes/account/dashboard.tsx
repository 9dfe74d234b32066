import { Container, Text, Title } from '@mantine/core';
import { appContext } from '#app-context';
import { accountMeta } from '../../account/meta';
import { Dashboard } from '../../components/dashboard/Dashboard';
import { useTranslation } from '../../i18n';
import { signInRedirect } from '../guards';
import type { Route } from './+types/dashboard';
import '../../i18n/admin';

/** Signed-in users only; what each sees is the server's answer for them. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = await context.get(appContext).site.getViewer();
  if (!viewer) throw signInRedirect(request);
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, 'dashboard.title');
}

/**
 * A content manager's starting point (issue 26), from the user menu: the pages she may edit, her
 * drafts and schedules, the results of the forms she works on, the lists she may add to.
 */
export default function AccountDashboard() {
  const { t } = useTranslation();
  return (
    <Container size="lg" py="lg">
      <Title order={1} mb={4}>
        {t('dashboard.title')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('dashboard.description')}
      </Text>
      <Dashboard />
    </Container>
  );
}
