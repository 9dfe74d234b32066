import { Button } from '@mantine/core';
import { Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useViewer } from '../../account/viewer';
import { useTranslation } from '../../i18n';
import { lazyComponent } from '../lazy-component';
import { UserMenuButton } from './UserMenuButton';

// The menu (and its dropdown code) is for signed-in users only: the browser loads it when it first
// shows it; the server renders it in place, so a signed-in page arrives complete and hydrates.
const SignedInUserMenu = lazyComponent(() =>
  import('./SignedInUserMenu').then((module) => module.SignedInUserMenu),
);

/**
 * Loads the menu's code. The browser calls it before hydrating a signed-in page (entry.client.tsx):
 * while a dehydrated part of the page waits for its code, React drops a click on it.
 */
export function preloadUserMenu(): Promise<void> {
  return SignedInUserMenu.preload();
}

/** Header control: a sign-in link for visitors, the user's name with account and sign-out for users. */
export function UserMenu() {
  const { t } = useTranslation();
  const viewer = useViewer();
  // A click on the placeholder (just after signing in, while the menu's code loads) opens the menu
  // as soon as it is there, instead of being lost.
  const [isOpenRequested, setOpenRequested] = useState(false);
  // Used once: after signing out, the next sign-in does not open the menu by itself.
  useEffect(() => {
    if (!viewer) setOpenRequested(false);
  }, [viewer]);
  const { pathname, search } = useLocation();
  if (!viewer) {
    const isAuthScreen = /^\/(sign-in|sign-up|forgot-password|reset-password)(\/|$)/.test(pathname);
    const to = isAuthScreen ? '/sign-in' : `/sign-in?returnTo=${encodeURIComponent(pathname + search)}`;
    return (
      <Button component={Link} to={to} variant="subtle" size="compact-md" className="user-menu-sign-in">
        {t('auth.signIn.title')}
      </Button>
    );
  }
  return (
    <Suspense
      fallback={
        <UserMenuButton
          viewer={viewer}
          avatar={<span className="user-avatar-placeholder" />}
          aria-haspopup="menu"
          aria-expanded={false}
          onClick={() => setOpenRequested(true)}
        />
      }
    >
      <SignedInUserMenu viewer={viewer} defaultOpened={isOpenRequested} />
    </Suspense>
  );
}
