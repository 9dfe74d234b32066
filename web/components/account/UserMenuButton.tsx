import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { displayNameOf, type Viewer } from '../../../common/site';
import { useTranslation } from '../../i18n';

/**
 * The user menu's button: the avatar and the user's name. Also shown alone while the menu's code
 * loads after signing in (with a placeholder of the avatar's size), so the header keeps its size.
 * Menu.Target passes its props, class and ref on to it.
 */
export function UserMenuButton({
  viewer,
  avatar,
  className,
  ...props
}: { viewer: Viewer; avatar: ReactNode; className?: string } & Record<string, unknown>) {
  const { t } = useTranslation();
  const name = displayNameOf(viewer);
  return (
    <Button
      variant="subtle"
      size="compact-md"
      leftSection={avatar}
      {...props}
      className={className ? `user-menu-button ${className}` : 'user-menu-button'}
    >
      {/* The name starts the button's accessible name, as it starts what is seen (WCAG 2.5.3). */}
      {name}
      <span className="visually-hidden"> ({t('auth.userMenu')})</span>
    </Button>
  );
}
