import { accountMeta } from '../../account/meta';
import { AdminPage } from '../../components/admin/AdminPage';
import { Dashboard } from '../../components/dashboard/Dashboard';
import { useTranslation } from '../../i18n';
import type { Route } from './+types/dashboard';
import '../../i18n/admin';

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, 'dashboard.title');
}

/** The admin's starting point (issue 26), first in the side menu; `/admin` still opens the pages (SPEC 2). */
export default function AdminDashboard() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('dashboard.title')} description={t('dashboard.description')}>
      <Dashboard />
    </AdminPage>
  );
}
