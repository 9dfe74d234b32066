import '../../styles/admin.css';
import { AppShell, Badge, Burger, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import {
  isRouteErrorResponse,
  Link,
  Navigate,
  Outlet,
  NavLink as RouterNavLink,
  useLocation,
  useRouteError,
} from 'react-router';
import { appContext } from '#app-context';
import { HEADER } from '../../../common/layout';
import { useViewer } from '../../account/viewer';
import { InactiveDialog } from '../../components/account/InactiveDialog';
import { TermsDialog } from '../../components/account/TermsDialog';
import { UserMenu } from '../../components/account/UserMenu';
import { CookieConsentDialog } from '../../components/CookieConsentDialog';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { StatusPage } from '../../components/StatusPage';
import { useTranslation } from '../../i18n';
import { useRootData } from '../../layouts/root-data';
import { requireAdminArea } from '../guards';
import type { Route } from './+types/layout';
import '../../i18n/admin';

/** SPEC 1: the admin side menu (forms marked beta), then the site's own screens. */
const SIDE_MENU = [
  // Issue 26: the dashboard first; `/admin` still opens the pages (SPEC 2).
  { to: '/admin/dashboard', label: 'adminShell.dashboard' },
  { to: '/admin/pages', label: 'adminShell.pages' },
  { to: '/admin/menu', label: 'adminShell.menu' },
  { to: '/admin/users', label: 'adminShell.users' },
  { to: '/admin/roles', label: 'adminShell.roles' },
  { to: '/admin/forms', label: 'adminShell.forms', isBeta: true },
  { to: '/admin/media', label: 'adminShell.media' },
  { to: '/admin/trash', label: 'adminShell.trash' },
] as const;
const SITE_MENU = [
  { to: '/statistics', label: 'adminShell.statistics' },
  { to: '/admin/header-images', label: 'adminShell.headerImages' },
  { to: '/admin/item-types', label: 'adminShell.itemTypes' },
] as const;

/** SPEC 1: the admin navigation has "admin" and "settings". */
const ADMIN_NAVIGATION = [
  { to: '/admin', label: 'adminShell.title', isCurrent: (path: string) => /^\/admin(\/|$)/.test(path) },
  {
    to: '/settings',
    label: 'adminShell.settings',
    isCurrent: (path: string) => /^\/settings(\/|$)/.test(path),
  },
] as const;

const SIDE_MENU_WIDTH = 240;

/** The forms screens, the only part of the admin area content managers see (issue 34). */
const isFormsPath = (pathname: string) => /^\/admin\/forms(\/|$)/.test(pathname);

/**
 * Every admin screen (admin/*, settings, statistics): admins; content managers the forms screens
 * (which show them the forms they work on); visitors sign in first.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  // A navigation in the browser asks for `{path}.data`.
  const pathname = new URL(request.url).pathname.replace(/\.data$/, '');
  requireAdminArea(await context.get(appContext).site.getViewer(), request, {
    contentManagers: isFormsPath(pathname),
  });
  return null;
}

/**
 * The admin shell: a 48 px bar (SPEC 9 admin header) with the admin navigation, the side menu
 * (a drawer below the small breakpoint), and the screen. After each navigation the focus goes to
 * the new screen's heading, so keyboard and screen-reader users start there.
 */
export default function AdminLayout() {
  return (
    <AdminShell>
      <Outlet />
    </AdminShell>
  );
}

function AdminShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [isOpen, drawer] = useDisclosure(false);
  const burger = useRef<HTMLButtonElement>(null);
  const sideMenu = useRef<HTMLDivElement>(null);
  const root = useRootData();
  const siteName = root?.shell.settings.platformName ?? 'Bouwsteen';
  // A content manager's admin area is the forms (the layout's loader lets them in there only;
  // a navigation inside the shell does not ask it again).
  const formsOnly = useViewer()?.isAdmin !== true;
  const sideLinks = formsOnly ? SIDE_MENU.filter((item) => item.to === '/admin/forms') : SIDE_MENU;
  const navigation = formsOnly ? [{ ...ADMIN_NAVIGATION[0], to: '/admin/forms' }] : ADMIN_NAVIGATION;

  const previousPath = useRef(pathname);
  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    // The focus goes to the new screen's heading by the app's one rule (web/components/route-focus.ts).
    drawer.close();
  }, [pathname, drawer]);

  // Opening the drawer puts the focus on its first link; Escape closes it and returns to the burger.
  useEffect(() => {
    if (isOpen) sideMenu.current?.querySelector<HTMLElement>('a')?.focus();
  }, [isOpen]);
  function closeOnEscape(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !isOpen) return;
    drawer.close();
    burger.current?.focus();
  }

  return (
    <AppShell
      header={{ height: HEADER.adminHeight }}
      navbar={{ width: SIDE_MENU_WIDTH, breakpoint: 'sm', collapsed: { mobile: !isOpen } }}
      padding="md"
      className="admin-shell"
    >
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <AppShell.Header className="admin-header">
        <Group h="100%" px="md" gap="sm" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              ref={burger}
              opened={isOpen}
              onClick={drawer.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t(isOpen ? 'adminShell.closeMenu' : 'adminShell.openMenu')}
              aria-expanded={isOpen}
              aria-controls="admin-side-menu"
            />
            <Link to="/" className="admin-site-link">
              <Text component="span" fw={700} truncate>
                {siteName}
              </Text>
              <span className="visually-hidden"> – {t('adminShell.backToSite')}</span>
            </Link>
            <nav aria-label={t('adminShell.adminNavigation')} className="admin-navigation">
              {navigation.map((item) => (
                <Link
                  key={item.to}
                  to={item.to}
                  className="admin-navigation-link"
                  aria-current={item.isCurrent(pathname) ? 'page' : undefined}
                >
                  {t(item.label)}
                </Link>
              ))}
            </nav>
          </Group>
          <Group gap="xs" wrap="nowrap" className="admin-header-tools">
            <LanguageSwitch />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar
        p="xs"
        id="admin-side-menu"
        className="admin-side-menu"
        data-open={isOpen || undefined}
        component="nav"
        aria-label={t('adminShell.sideMenu')}
        ref={sideMenu}
        onKeyDown={closeOnEscape}
      >
        <AppShell.Section grow component={ScrollArea}>
          {sideLinks.map((item) => (
            <SideMenuLink key={item.to} to={item.to} label={t(item.label)} isBeta={'isBeta' in item} />
          ))}
          {formsOnly ? null : (
            <>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mt="lg" mb={4} aria-hidden="true">
                {t('adminShell.site')}
              </Text>
              {SITE_MENU.map((item) => (
                <SideMenuLink key={item.to} to={item.to} label={t(item.label)} />
              ))}
            </>
          )}
        </AppShell.Section>
      </AppShell.Navbar>
      {/* AppShell.Main is the screen's one <main> landmark, and the skip link's target. */}
      <AppShell.Main id="main" className="admin-main" tabIndex={-1}>
        <div className="admin-content">
          {formsOnly && !isFormsPath(pathname) ? <Navigate to="/unauthorized" replace /> : children}
        </div>
      </AppShell.Main>
      <CookieConsentDialog />
      <TermsDialog />
      <InactiveDialog />
    </AppShell>
  );
}

function SideMenuLink({ to, label, isBeta = false }: { to: string; label: string; isBeta?: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isActive = pathname === to || pathname.startsWith(`${to}/`);
  return (
    <NavLink
      component={RouterNavLink}
      to={to}
      label={label}
      active={isActive}
      aria-current={isActive ? 'page' : undefined}
      rightSection={
        isBeta ? (
          <Badge size="xs" variant="light">
            {t('adminShell.beta')}
          </Badge>
        ) : null
      }
    />
  );
}

/** A failed admin screen keeps the admin shell around its message. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (!isNotFound) console.error('[route] admin error boundary:', error);
  }, [error, isNotFound]);
  return (
    <AdminShell>
      <StatusPage
        status={isRouteErrorResponse(error) ? error.status : 500}
        title={t(isNotFound ? 'status.notFound.title' : 'status.error.title')}
        text={t(isNotFound ? 'status.notFound.text' : 'status.error.text')}
        showRetry={!isNotFound}
      />
    </AdminShell>
  );
}
