import { Alert, Anchor, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { data, Link, useNavigate } from 'react-router';
import { accountMeta } from '../../account/meta';
import { ApiError } from '../../api/client';
import { AdminPage } from '../../components/admin/AdminPage';
import { adminQueries, displayName, useAccessGuard } from '../../components/admin/queries';
import {
  type AdminUserCategory,
  USER_CATEGORIES,
  UserActivityPanel,
  UserPrivacyPanel,
  UserProfilePanel,
  UserPropertiesPanel,
  UserSecurityPanel,
} from '../../components/admin/UserPanels';
import { useTranslation } from '../../i18n';
import type { Route } from './+types/user';
import '../../i18n/admin';

function isCategory(value: string): value is AdminUserCategory {
  return (USER_CATEGORIES as readonly string[]).includes(value);
}

/** SPEC route "admin/users/{guid}/{accountCategory}" (the admin layout checks the admin). */
export async function loader({ params }: Route.LoaderArgs) {
  if (!isCategory(params.accountCategory)) throw data(null, { status: 404 });
  return { guid: params.guid, category: params.accountCategory };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return accountMeta(matches, `adminPeople.user.tabs.${loaderData?.category ?? 'profile'}`);
}

const PANELS: Record<AdminUserCategory, (guid: string) => ReactNode> = {
  profile: (guid) => <UserProfilePanel guid={guid} />,
  preferences: (guid) => <UserPropertiesPanel guid={guid} category="preferences" />,
  activity: (guid) => <UserActivityPanel guid={guid} />,
  privacy: (guid) => <UserPrivacyPanel guid={guid} />,
  security: (guid) => <UserSecurityPanel guid={guid} />,
};

/** One user as an admin sees them, in the account categories of SPEC 2. */
export default function AdminUserPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { guid, category } = loaderData;
  const user = useQuery(adminQueries.user(guid));
  useAccessGuard(user.error);
  const missing = user.error instanceof ApiError && (user.error.status === 404 || user.error.status === 400);
  return (
    <AdminPage
      title={user.data ? displayName(user.data) : t('table.loading')}
      description={
        <Anchor component={Link} to="/admin/users" size="sm" underline="always">
          {t('adminPeople.user.back')}
        </Anchor>
      }
    >
      {missing ? (
        <Alert color="orange">{t('adminPeople.user.notFound')}</Alert>
      ) : user.isError ? (
        <Alert color="red">{t('adminPeople.user.loadFailed')}</Alert>
      ) : (
        <Tabs
          value={category}
          onChange={(value) => {
            if (value && isCategory(value)) void navigate(`/admin/users/${guid}/${value}`);
          }}
          keepMounted={false}
        >
          <Tabs.List mb="lg" aria-label={t('adminPeople.user.tabsLabel')}>
            {USER_CATEGORIES.map((name) => (
              <Tabs.Tab key={name} value={name}>
                {t(`adminPeople.user.tabs.${name}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {USER_CATEGORIES.map((name) => (
            <Tabs.Panel key={name} value={name}>
              {name === category ? PANELS[name](guid) : null}
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </AdminPage>
  );
}
