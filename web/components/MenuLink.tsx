import type { MouseEventHandler } from 'react';
import { NavLink } from 'react-router';
import type { MenuNode } from '../../common/site';
import { useTranslation } from '../i18n';

/**
 * A menu item's link: internal items navigate in the app (marked active on their branch), external
 * items go to their URL and say so to screen readers.
 */
export function MenuLink({
  item,
  className,
  onClick,
}: {
  item: MenuNode;
  className?: string;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
}) {
  const { t } = useTranslation();
  if (item.isExternal) {
    return (
      <a
        className={className}
        href={item.url}
        rel="noopener noreferrer"
        data-external
        onClick={onClick}
        lang={item.lang}
      >
        {item.name}
        <span className="external-mark" aria-hidden="true">
          {' ↗'}
        </span>
        <span className="visually-hidden"> ({t('nav.externalLink')})</span>
      </a>
    );
  }
  return (
    <NavLink className={className} to={item.url} end={item.url === '/'} onClick={onClick} lang={item.lang}>
      {item.name}
    </NavLink>
  );
}
