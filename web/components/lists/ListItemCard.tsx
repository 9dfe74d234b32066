import { Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { itemDisplayDate, type ListItemView, placeLine } from '../../../common/list-items';
import { imageUrl, SITE_IMAGES } from '../../../common/media';
import { useLocale, useTranslation } from '../../i18n';
import { useItemTypeLabel } from './item-type-label';
import { formatItemDate } from './list-url';

/**
 * One item of a list: title linked to its own page, date, markers, description and image. The
 * image is decorative here (the title next to it says what the item is), so its alt text is empty.
 */
export function ListItemCard({
  item,
  headingLevel = 3,
  showImage = true,
  tools = null,
}: {
  item: ListItemView;
  headingLevel?: 2 | 3 | 4;
  showImage?: boolean;
  tools?: ReactNode;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const typeLabel = useItemTypeLabel();
  const Heading = `h${headingLevel}` as const;
  const shown = itemDisplayDate(item);
  return (
    <li
      className="list-item"
      data-guid={item.guid}
      data-highlight={item.highlight || undefined}
      data-expired={item.isExpired || undefined}
    >
      {showImage && item.imageGuid ? (
        <img
          className="list-item-image"
          src={imageUrl(item.imageGuid, { width: SITE_IMAGES.cardWidth })}
          alt=""
          loading="lazy"
          width={400}
        />
      ) : null}
      <div className="list-item-body">
        <Heading className="list-item-title" lang={item.titleLang}>
          {item.url ? <Link to={item.url}>{item.title}</Link> : item.title}
        </Heading>
        <Group gap="xs" className="list-item-meta">
          {/* An event shows the day it takes place, other items their publication date. */}
          <Text size="sm" c="dimmed" component="span" className="list-item-date" data-kind={shown.kind}>
            <span className="visually-hidden">
              {t(shown.kind === 'event' ? 'lists.eventDate' : 'lists.publishedOn')}:{' '}
            </span>
            <time dateTime={shown.date}>{formatItemDate(shown.date, locale)}</time>
          </Text>
          {item.place ? (
            <Text size="sm" c="dimmed" component="span" className="list-item-place">
              <span className="visually-hidden">{t('lists.place')}: </span>
              {placeLine(item.place)}
            </Text>
          ) : null}
          {item.listItemTypeName ? (
            <Text size="sm" c="dimmed" component="span" className="list-item-type">
              {item.listItemTypeLabel || typeLabel(item.listItemTypeName)}
            </Text>
          ) : null}
          {item.highlight ? (
            <Badge size="sm" variant="filled" className="list-item-highlight">
              {t('lists.highlight')}
            </Badge>
          ) : null}
          {item.visibility ? (
            <Badge size="sm" variant="outline" color="gray.7" className="list-item-visibility">
              {t(`lists.visibility.${item.visibility}`)}
            </Badge>
          ) : null}
          {item.isExpired ? (
            <Badge size="sm" variant="outline" color="gray.7" className="list-item-expired">
              {t('lists.expired')}
            </Badge>
          ) : null}
        </Group>
        {item.description ? (
          <p className="list-item-description" lang={item.descriptionLang}>
            {item.description}
          </p>
        ) : null}
        {tools}
      </div>
    </li>
  );
}
