import { Title } from '@mantine/core';
import { data, Link, type MetaDescriptor, redirect } from 'react-router';
import { itemDisplayDate } from '../../common/list-items';
import type { Locale } from '../../common/localized-text';
import { imageUrl, SITE_IMAGES } from '../../common/media';
import type { ItemPageView, SiteServices } from '../../common/site';
import { RenderBlocks } from '../blocks/registry';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { useItemTypeLabel } from '../components/lists/item-type-label';
import { ListItemCard } from '../components/lists/ListItemCard';
import { formatItemDate, parseItemPath } from '../components/lists/list-url';
import { useLocale, useTranslation } from '../i18n';
import { pageMeta } from '../layouts/page-meta';

/** The item's image: its `src` and `og:image` are the widest of the srcset. */
const ITEM_IMAGE_WIDTH = SITE_IMAGES.itemWidths[SITE_IMAGES.itemWidths.length - 1];

/**
 * Item pages (`{path}/i/{id}/{slug}`, SPEC 2). React Router cannot match a splat before a fixed
 * segment, so the content-page route hands paths with an `/i/` segment to this module.
 */

/**
 * The item's view, a 301 to its canonical URL (wrong or missing slug), or null when the path is no
 * item path at all. An unknown or unpublished item is a 404.
 */
export async function loadItemPage(
  site: SiteServices,
  requested: string,
  locale: Locale,
  search = '',
): Promise<{ itemView: ItemPageView } | null> {
  const parsed = parseItemPath(requested);
  if (!parsed) return null;
  const result = await site.getItemPage({ ...parsed, locale });
  if (!result) {
    // The page moved: its old item URLs follow it.
    const moved = await site.findRedirect({ path: requested, search });
    if (moved) throw redirect(moved, 301);
    throw data(null, { status: 404 });
  }
  if (result.kind === 'redirect') throw redirect(result.location, 301);
  return { itemView: result.view };
}

/** Title, description and the canonical URL of the item page (its slugged URL). */
export function itemPageMeta(
  view: ItemPageView,
  matches: readonly ({ id: string } | undefined)[],
): MetaDescriptor[] {
  const { item, page } = view;
  const meta = pageMeta(
    { ...page, title: item.title, description: item.description, path: item.url ?? page.path },
    matches,
  );
  // The item's own image, if it has one, instead of its page's social image.
  return item.imageGuid
    ? [
        ...meta.filter((entry) => !('property' in entry && entry.property === 'og:image')),
        { property: 'og:image', content: imageUrl(item.imageGuid, { width: ITEM_IMAGE_WIDTH }) },
      ]
    : meta;
}

/** The item's own page in the site shell of the page that holds its list. */
export function ItemPage({ view }: { view: ItemPageView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const typeLabel = useItemTypeLabel();
  const { item, page, blocks, children } = view;
  const isEvent = itemDisplayDate(item).kind === 'event';
  const hasPeriodEnd = item.periodEnd !== null;
  return (
    <article className="page item-page" data-item={item.guid} lang={page.contentLocale}>
      <div className="container">
        {page.breadcrumbs.length > 0 ? <Breadcrumbs items={page.breadcrumbs} /> : null}
        <header className="item-header">
          <Title order={1} className="page-title item-title" lang={item.titleLang}>
            {item.title}
          </Title>
          <p className="item-dates">
            {isEvent ? (
              // An event: the day it takes place (the end of its period), not when it was published.
              <>
                <span className="item-date-label">{t('lists.eventDate')}: </span>
                <time dateTime={item.periodEnd ?? undefined}>{formatItemDate(item.periodEnd, locale)}</time>
              </>
            ) : (
              <>
                <time dateTime={item.publishedOn}>{formatItemDate(item.publishedOn, locale)}</time>
                {hasPeriodEnd ? (
                  <>
                    {' – '}
                    <span className="visually-hidden">{t('lists.until')} </span>
                    <time dateTime={item.periodEnd ?? undefined}>
                      {formatItemDate(item.periodEnd, locale)}
                    </time>
                  </>
                ) : null}
              </>
            )}
            {item.listItemTypeName ? (
              <span className="item-type">
                {' '}
                · {item.listItemTypeLabel || typeLabel(item.listItemTypeName)}
              </span>
            ) : null}
            {item.isExpired ? <span className="item-expired"> · {t('lists.expired')}</span> : null}
          </p>
        </header>
        {item.imageGuid ? (
          <img
            className="item-image"
            src={imageUrl(item.imageGuid, { width: ITEM_IMAGE_WIDTH })}
            srcSet={SITE_IMAGES.itemWidths
              .map((width) => `${imageUrl(item.imageGuid ?? '', { width })} ${width}w`)
              .join(', ')}
            sizes="(min-width: 62em) 800px, 100vw"
            alt=""
          />
        ) : null}
        {item.description ? (
          <p className="item-description" lang={item.descriptionLang}>
            {item.description}
          </p>
        ) : null}
        <div className="item-blocks">
          <RenderBlocks blocks={blocks} />
        </div>
        {children.length > 0 ? (
          <section className="item-children" aria-labelledby="item-children-title">
            <Title order={2} id="item-children-title" size="h3">
              {t('lists.children')}
            </Title>
            <ul className="list-items">
              {children.map((child) => (
                <ListItemCard key={child.guid} item={child} />
              ))}
            </ul>
          </section>
        ) : null}
        {page.path ? (
          <p className="item-back">
            <Link to={page.path} className="item-back-link">
              ← {t('lists.backTo', { name: page.title })}
            </Link>
          </p>
        ) : null}
      </div>
    </article>
  );
}
