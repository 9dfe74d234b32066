import { NavLink } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink } from 'react-router';
import type { MenuNode } from '../../common/site';

/** The items under the current top-level menu item, in the page's side column. */
export function SubMenu({ items }: { items: MenuNode[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.subMenu')} className="sub-menu">
      {items.map((item) =>
        item.isExternal ? (
          <NavLink
            key={item.guid}
            component="a"
            href={item.url}
            label={item.name}
            rel="noopener noreferrer"
          />
        ) : (
          <NavLink key={item.guid} component={RouterNavLink} to={item.url} label={item.name} end>
            {item.children.length > 0 ? <SubMenuChildren items={item.children} /> : null}
          </NavLink>
        ),
      )}
    </nav>
  );
}

function SubMenuChildren({ items }: { items: MenuNode[] }) {
  return items.map((item) => (
    <NavLink key={item.guid} component={RouterNavLink} to={item.url} label={item.name} end />
  ));
}
