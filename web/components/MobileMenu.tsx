import { Burger } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { MenuNode } from '../../common/site';
import { useTranslation } from '../i18n';

const DRAWER_ID = 'mobile-menu';

const loadDrawer = () => import('./MobileMenuDrawer');
// The drawer's code (Mantine's Drawer, focus trap, scroll lock) loads when the burger is first used.
const MobileMenuDrawer = lazy(() => loadDrawer().then((module) => ({ default: module.MobileMenuDrawer })));

/**
 * The main menu below the small breakpoint: a burger that opens a drawer with the whole menu tree,
 * every level shown so nothing hides behind a second tap. The drawer traps focus, closes on Escape
 * and hands focus back to the burger. Its code starts loading when a pointer or the focus reaches
 * the burger, and the first tap opens it as soon as it is there.
 */
export function MobileMenu({ items }: { items: MenuNode[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [isOpen, setOpen] = useState(false);
  // 'none': the drawer's code is not needed yet; 'mounting': the burger was used, the drawer is
  // loading or mounting closed; 'ready': mounted, it opens and closes like any drawer.
  const [drawer, setDrawer] = useState<'none' | 'mounting' | 'ready'>('none');
  const close = useCallback(() => setOpen(false), []);
  const onReady = useCallback(() => {
    setDrawer('ready');
    setOpen(true);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the drawer
  useEffect(() => close(), [pathname]);
  const preload = () => void loadDrawer();
  return (
    <>
      <Burger
        className="mobile-menu-burger"
        opened={isOpen}
        onClick={() => (drawer === 'none' ? setDrawer('mounting') : setOpen((open) => !open))}
        onPointerEnter={preload}
        onTouchStart={preload}
        onFocus={preload}
        aria-label={t(isOpen ? 'nav.closeMenu' : 'nav.openMenu')}
        aria-expanded={isOpen}
        aria-controls={DRAWER_ID}
        size="sm"
      />
      {drawer === 'none' ? null : (
        <Suspense fallback={null}>
          <MobileMenuDrawer id={DRAWER_ID} items={items} opened={isOpen} onClose={close} onReady={onReady} />
        </Suspense>
      )}
    </>
  );
}
