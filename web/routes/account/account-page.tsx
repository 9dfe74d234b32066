import { Container, Tabs, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { data, useNavigate } from 'react-router';
import { appContext } from '#app-context';
import { accountMeta } from '../../account/meta';
import { ActivityPanel } from '../../components/account/ActivityPanel';
import { PreferencesPanel } from '../../components/account/PreferencesPanel';
import { PrivacyPanel } from '../../components/account/PrivacyPanel';
import { ProfilePanel } from '../../components/account/ProfilePanel';
import { SecurityPanel } from '../../components/account/SecurityPanel';
import { useTranslation } from '../../i18n';
import { signInRedirect } from '../guards';
import type { Route } from './+types/account-page';
import '../../i18n/account';

const ACCOUNT_CATEGORIES = ['profile', 'preferences', 'activity', 'privacy', 'security'] as const;
type AccountCategory = (typeof ACCOUNT_CATEGORIES)[number];

function isCategory(value: string): value is AccountCategory {
  return (ACCOUNT_CATEGORIES as readonly string[]).includes(value);
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  if (!isCategory(params.accountCategory)) throw data(null, { status: 404 });
  const viewer = await context.get(appContext).site.getViewer();
  if (!viewer) throw signInRedirect(request);
  return { category: params.accountCategory };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return accountMeta(matches, `account.tabs.${loaderData?.category ?? 'profile'}`);
}

const PANELS: Record<AccountCategory, () => ReactNode> = {
  profile: () => <ProfilePanel />,
  preferences: () => <PreferencesPanel />,
  activity: () => <ActivityPanel />,
  privacy: () => <PrivacyPanel />,
  security: () => <SecurityPanel />,
};

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { category } = loaderData;
  return (
    <Container size="md" py="lg">
      <Title order={1} mb="md">
        {t('account.title')}
      </Title>
      <Tabs
        value={category}
        onChange={(value) => {
          if (value && isCategory(value)) void navigate(`/account/${value}`);
        }}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          {ACCOUNT_CATEGORIES.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`account.tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {ACCOUNT_CATEGORIES.map((name) => (
          <Tabs.Panel key={name} value={name}>
            {name === category ? PANELS[name]() : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Container>
  );
}
