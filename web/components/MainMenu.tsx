import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { SUBMENU_VISIBILITY_DELAY_MS } from '../../common/layout';
import type { MenuNode } from '../../common/site';

/** The main menu: top-level items, their children in a submenu that opens on hover or focus. */
export function MainMenu({ items }: { items: MenuNode[] }) {
  const { t } = useTranslation();
  return (
    <nav className="main-menu" aria-label={t('nav.mainMenu')}>
      <ul className="container main-menu-list">
        {items.map((item) => (
          <MenuEntry key={item.guid} item={item} />
        ))}
      </ul>
    </nav>
  );
}

function MenuLink({ item, className }: { item: MenuNode; className?: string }) {
  return item.isExternal ? (
    <a className={className} href={item.url} rel="noopener noreferrer">
      {item.name}
    </a>
  ) : (
    <NavLink className={className} to={item.url} end={item.url === '/'}>
      {item.name}
    </NavLink>
  );
}

function MenuEntry({ item }: { item: MenuNode }) {
  const [isOpen, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hasChildren = item.children.length > 0;
  const setOpenLater = (open: boolean) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(open), SUBMENU_VISIBILITY_DELAY_MS);
  };
  return (
    <li
      className="main-menu-item"
      data-open={isOpen || undefined}
      onMouseEnter={hasChildren ? () => setOpenLater(true) : undefined}
      onMouseLeave={hasChildren ? () => setOpenLater(false) : undefined}
      onFocus={hasChildren ? () => setOpenLater(true) : undefined}
      onBlur={
        hasChildren
          ? (event) => {
              if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpenLater(false);
            }
          : undefined
      }
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <MenuLink item={item} className="main-menu-link" />
      {hasChildren ? (
        <ul className="main-menu-submenu" hidden={!isOpen}>
          {item.children.map((child) => (
            <li key={child.guid}>
              <MenuLink item={child} className="main-menu-sublink" />
              {child.children.length > 0 ? (
                <ul className="main-menu-subsubmenu">
                  {child.children.map((grandchild) => (
                    <li key={grandchild.guid}>
                      <MenuLink item={grandchild} className="main-menu-sublink" />
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
