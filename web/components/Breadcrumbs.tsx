import { Anchor, Breadcrumbs as MantineBreadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Breadcrumb } from '../../common/site';
import { useTranslation } from '../i18n';

/** Home, then the menu path to the current page; the last crumb is the page itself. */
export function Breadcrumbs({ items }: { items: Breadcrumb[] }) {
  const { t } = useTranslation();
  const trail = items.filter((item) => item.url !== '/');
  return (
    <nav aria-label={t('nav.breadcrumbs')} className="breadcrumbs">
      <MantineBreadcrumbs separator="›" separatorMargin={6}>
        <Anchor component={Link} to="/" size="sm">
          {t('nav.home')}
        </Anchor>
        {trail.map((item, index) =>
          index === trail.length - 1 ? (
            <Text key={item.url} size="sm" aria-current="page" component="span" lang={item.lang}>
              {item.name}
            </Text>
          ) : (
            <Anchor key={item.url} component={Link} to={item.url} size="sm" lang={item.lang}>
              {item.name}
            </Anchor>
          ),
        )}
      </MantineBreadcrumbs>
    </nav>
  );
}
