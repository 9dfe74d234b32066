import { Burger, Drawer } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { MenuNode } from '../../common/site';
import { LanguageSwitch } from './LanguageSwitch';
import { MenuLink } from './MenuLink';

const DRAWER_ID = 'mobile-menu';

function MobileMenuList({ items, level, onFollow }: { items: MenuNode[]; level: number; onFollow(): void }) {
  return (
    <ul className="mobile-menu-list" data-level={level}>
      {items.map((item) => (
        <li key={item.guid}>
          <MenuLink item={item} className="mobile-menu-link" onClick={onFollow} />
          {item.children.length > 0 ? (
            <MobileMenuList items={item.children} level={level + 1} onFollow={onFollow} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The main menu below the small breakpoint: a burger that opens a drawer with the whole menu tree,
 * every level shown so nothing hides behind a second tap. The drawer traps focus, closes on Escape
 * and hands focus back to the burger.
 */
export function MobileMenu({ items }: { items: MenuNode[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [isOpen, { toggle, close }] = useDisclosure(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the drawer
  useEffect(() => close(), [pathname]);
  return (
    <>
      <Burger
        className="mobile-menu-burger"
        opened={isOpen}
        onClick={toggle}
        aria-label={t(isOpen ? 'nav.closeMenu' : 'nav.openMenu')}
        aria-expanded={isOpen}
        aria-controls={DRAWER_ID}
        size="sm"
      />
      {/* Compound form: the header drops its <header> role, which would be a second banner. */}
      <Drawer.Root
        id={DRAWER_ID}
        opened={isOpen}
        onClose={close}
        position="right"
        size="min(85vw, 360px)"
        className="mobile-menu"
      >
        <Drawer.Overlay />
        <Drawer.Content>
          <Drawer.Header role="none">
            <Drawer.Title>{t('nav.mainMenu')}</Drawer.Title>
            <Drawer.CloseButton aria-label={t('nav.closeMenu')} />
          </Drawer.Header>
          <Drawer.Body>
            <nav aria-label={t('nav.mainMenu')}>
              <MobileMenuList items={items} level={1} onFollow={close} />
            </nav>
            <div className="mobile-menu-language">
              <LanguageSwitch />
            </div>
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
    </>
  );
}
