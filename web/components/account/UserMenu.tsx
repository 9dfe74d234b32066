import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSignOut } from '../../account/sign-out';
import { useViewer } from '../../account/viewer';
import { UserAvatar } from './UserAvatar';

/** Header control: a sign-in link for visitors, the user's name with account and sign-out for users. */
export function UserMenu() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const { pathname, search } = useLocation();
  const signOut = useSignOut();
  if (!viewer) {
    const isAuthScreen = /^\/(sign-in|sign-up|forgot-password|reset-password)(\/|$)/.test(pathname);
    const to = isAuthScreen ? '/sign-in' : `/sign-in?returnTo=${encodeURIComponent(pathname + search)}`;
    return (
      <Button component={Link} to={to} variant="subtle" size="compact-md" className="user-menu-sign-in">
        {t('auth.signIn.title')}
      </Button>
    );
  }
  const name = [viewer.firstName, viewer.lastName].filter(Boolean).join(' ') || viewer.email;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-md"
          className="user-menu-button"
          leftSection={<UserAvatar person={viewer} size="sm" />}
        >
          {/* The name starts the button's accessible name, as it starts what is seen (WCAG 2.5.3). */}
          {name}
          <span className="visually-hidden"> ({t('auth.userMenu')})</span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/account/profile">
          {t('auth.myAccount')}
        </Menu.Item>
        {viewer.isAdmin ? (
          <>
            <Menu.Divider />
            <Menu.Item component={Link} to="/admin">
              {t('nav.adminArea')}
            </Menu.Item>
            <Menu.Item component={Link} to="/settings">
              {t('nav.settings')}
            </Menu.Item>
            <Menu.Divider />
          </>
        ) : null}
        <Menu.Item onClick={() => void signOut()}>{t('auth.signOut')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
