import { Anchor, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { itemDisplayDate } from '../../../common/list-items';
import { imageUrl, SITE_IMAGES } from '../../../common/media';
import { formatItemDate } from '../../components/lists/list-url';
import { useTranslation } from '../../i18n';
import type { BlockViewProps } from '../registry';

/** A compact list (SPEC 3): title, date, optional image and link per item, and a link to the full list. */
export function WidgetBlock({ block }: BlockViewProps<'widget'>) {
  const { data } = block;
  const { showImages } = block.options;
  const { t, i18n } = useTranslation();
  const titleId = useId();
  return (
    <section className="list-widget" aria-labelledby={data.title ? titleId : undefined}>
      {data.title ? (
        <Title order={2} size="h3" id={titleId} className="list-widget-title" lang={block.contentLang}>
          {data.title}
        </Title>
      ) : null}
      {data.items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('table.noData')}
        </Text>
      ) : (
        <ul className="list-widget-items">
          {data.items.map((item) => (
            <li key={item.guid} className="list-widget-item">
              {showImages !== false && item.imageGuid ? (
                <img
                  className="list-widget-item-image"
                  src={imageUrl(item.imageGuid, SITE_IMAGES.widgetThumbnail)}
                  alt=""
                  loading="lazy"
                  width={80}
                  height={80}
                />
              ) : null}
              <div>
                {item.url ? (
                  <Anchor
                    component={Link}
                    to={item.url}
                    className="list-widget-item-title"
                    fw={600}
                    lang={item.titleLang}
                  >
                    {item.title}
                  </Anchor>
                ) : (
                  <Text fw={600} className="list-widget-item-title" lang={item.titleLang}>
                    {item.title}
                  </Text>
                )}
                <Text
                  size="sm"
                  c="dimmed"
                  component="time"
                  dateTime={itemDisplayDate(item).date}
                  display="block"
                >
                  {formatItemDate(itemDisplayDate(item).date, i18n.language)}
                </Text>
              </div>
            </li>
          ))}
        </ul>
      )}
      {data.moreUrl ? (
        <Anchor component={Link} to={data.moreUrl} className="list-widget-more" size="sm">
          {t('lists.more')}
          {data.title ? <span className="visually-hidden">: {data.title}</span> : null}
        </Anchor>
      ) : null}
    </section>
  );
}
