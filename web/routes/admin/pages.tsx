import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { accountMeta } from '../../account/meta';
import { AdminPage } from '../../components/admin/AdminPage';
import { PagesSection } from '../../components/admin/pages/PagesSection';
import { ReusableBlocksSection } from '../../components/admin/pages/ReusableBlocksSection';
import { TemplatesSection } from '../../components/admin/pages/TemplatesSection';
import { useTranslation } from '../../i18n';
import type { Route } from './+types/pages';
import '../../i18n/admin';

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, 'adminPages.title');
}

/** SPEC 2 "admin/pages": all pages (server-paged), the header and footer templates, the reusable blocks (issue 31). */
export default function AdminPagesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const shown = params.get('tab');
  const tab = shown === 'templates' || shown === 'reusable' ? shown : 'pages';
  return (
    <AdminPage title={t('adminPages.title')} description={t('adminPages.description')}>
      <Tabs
        value={tab}
        onChange={(value) =>
          setParams(value === 'templates' || value === 'reusable' ? { tab: value } : {}, {
            replace: true,
            preventScrollReset: true,
          })
        }
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="pages">{t('adminPages.tabs.pages')}</Tabs.Tab>
          <Tabs.Tab value="templates">{t('adminPages.tabs.templates')}</Tabs.Tab>
          <Tabs.Tab value="reusable">{t('adminPages.tabs.reusable')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="pages">
          <PagesSection />
        </Tabs.Panel>
        <Tabs.Panel value="templates">
          <TemplatesSection />
        </Tabs.Panel>
        <Tabs.Panel value="reusable">
          <ReusableBlocksSection />
        </Tabs.Panel>
      </Tabs>
    </AdminPage>
  );
}
