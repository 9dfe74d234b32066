import { Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListItemView } from '../../../common/list-items';
import { imageUrl } from '../../../common/media';
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
  const { t, i18n } = useTranslation();
  const Heading = `h${headingLevel}` as const;
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
          src={imageUrl(item.imageGuid, { width: 400 })}
          alt=""
          loading="lazy"
          width={400}
        />
      ) : null}
      <div className="list-item-body">
        <Heading className="list-item-title">
          {item.url ? <Link to={item.url}>{item.title}</Link> : item.title}
        </Heading>
        <Group gap="xs" className="list-item-meta">
          <Text size="sm" c="dimmed" component="time" dateTime={item.publishedOn}>
            {formatItemDate(item.publishedOn, i18n.language)}
          </Text>
          {item.listItemTypeName ? (
            <Text size="sm" c="dimmed" component="span" className="list-item-type">
              {item.listItemTypeName}
            </Text>
          ) : null}
          {item.highlight ? (
            <Badge size="sm" variant="filled" className="list-item-highlight">
              {t('lists.highlight')}
            </Badge>
          ) : null}
          {item.isExpired ? (
            <Badge size="sm" variant="outline" color="gray" className="list-item-expired">
              {t('lists.expired')}
            </Badge>
          ) : null}
        </Group>
        {item.description ? <p className="list-item-description">{item.description}</p> : null}
        {tools}
      </div>
    </li>
  );
}
