import '../styles/mantine-overlays.css';
import { Drawer } from '@mantine/core';
import { useEffect } from 'react';
import type { MenuNode } from '../../common/site';
import { useTranslation } from '../i18n';
import { LanguageSwitch } from './LanguageSwitch';
import { MenuLink } from './MenuLink';

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
 * The mobile menu's drawer with the whole menu tree (a chunk of its own, loaded when the burger is
 * first used). It mounts closed and then reports `onReady`, so the first opening is a real change
 * of `opened`: with the transition, the focus trap and the focus handed back to the burger.
 */
export function MobileMenuDrawer({
  id,
  items,
  opened,
  onClose,
  onReady,
}: {
  id: string;
  items: MenuNode[];
  opened: boolean;
  onClose(): void;
  onReady(): void;
}) {
  const { t } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the first (closed) render
  useEffect(() => onReady(), []);
  return (
    // Compound form: the header drops its <header> role, which would be a second banner.
    <Drawer.Root
      id={id}
      opened={opened}
      onClose={onClose}
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
            <MobileMenuList items={items} level={1} onFollow={onClose} />
          </nav>
          <div className="mobile-menu-language">
            <LanguageSwitch />
          </div>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
