import { NavLink } from 'react-router';
import type { Breadcrumb, MenuNode } from '../../common/site';
import { useTranslation } from '../i18n';
import { MenuLink } from './MenuLink';

function SubMenuList({ items, level }: { items: MenuNode[]; level: number }) {
  return (
    <ul className="sub-menu-list" data-level={level}>
      {items.map((item) => (
        <li key={item.guid}>
          <MenuLink item={item} className="sub-menu-link" />
          {item.children.length > 0 ? <SubMenuList items={item.children} level={level + 1} /> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The pages under the current top-level menu item, in the page's side column (page option
 * showSubMenu). The top-level item heads the list so the visitor can always go back up.
 */
export function SubMenu({ items, section }: { items: MenuNode[]; section: Breadcrumb | undefined }) {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={section ? `${t('nav.subMenu')}: ${section.name}` : t('nav.subMenu')}
      className="sub-menu"
    >
      {section ? (
        <NavLink to={section.url} end className="sub-menu-section" lang={section.lang}>
          {section.name}
        </NavLink>
      ) : null}
      <SubMenuList items={items} level={1} />
    </nav>
  );
}
