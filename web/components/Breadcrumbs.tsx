import { Anchor, Breadcrumbs as MantineBreadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Breadcrumb } from '../../common/site';

export function Breadcrumbs({ items }: { items: Breadcrumb[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.breadcrumbs')} className="breadcrumbs">
      <MantineBreadcrumbs separator="›">
        <Anchor component={Link} to="/" size="sm">
          {t('nav.home')}
        </Anchor>
        {items.map((item, index) =>
          index === items.length - 1 ? (
            <Text key={item.url} size="sm" aria-current="page">
              {item.name}
            </Text>
          ) : (
            <Anchor key={item.url} component={Link} to={item.url} size="sm">
              {item.name}
            </Anchor>
          ),
        )}
      </MantineBreadcrumbs>
    </nav>
  );
}
