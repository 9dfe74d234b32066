import '../../styles/mantine-overlays.css';
import { Menu } from '@mantine/core';
import { Link } from 'react-router';
import type { Viewer } from '../../../common/site';
import { useSignOut } from '../../account/sign-out';
import { useTranslation } from '../../i18n';
import { UserAvatar } from './UserAvatar';
import { UserMenuButton } from './UserMenuButton';

/** The user's name in the header, with account, admin and sign-out in a menu (a chunk of its own). */
export function SignedInUserMenu({ viewer, defaultOpened }: { viewer: Viewer; defaultOpened?: boolean }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <UserMenuButton viewer={viewer} avatar={<UserAvatar person={viewer} size="sm" />} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/account/profile">
          {t('auth.myAccount')}
        </Menu.Item>
        {viewer.isAdmin ? (
          <>
            <Menu.Divider />
            <Menu.Item component={Link} to="/admin/dashboard">
              {t('nav.dashboard')}
            </Menu.Item>
            <Menu.Item component={Link} to="/admin">
              {t('nav.adminArea')}
            </Menu.Item>
            <Menu.Item component={Link} to="/settings">
              {t('nav.settings')}
            </Menu.Item>
            <Menu.Divider />
          </>
        ) : viewer.isContentManager ? (
          <>
            <Menu.Divider />
            <Menu.Item component={Link} to="/account/dashboard">
              {t('nav.dashboard')}
            </Menu.Item>
            <Menu.Item component={Link} to="/admin/forms">
              {t('nav.forms')}
            </Menu.Item>
            <Menu.Divider />
          </>
        ) : null}
        <Menu.Item onClick={() => void signOut()}>{t('auth.signOut')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
