import { Title } from '@mantine/core';
import { data, Link, type MetaDescriptor, redirect } from 'react-router';
import { breadcrumbStructuredData, itemStructuredData, structuredDataDocument } from '../../common/discovery';
import { itemDisplayDate, placeLine } from '../../common/list-items';
import type { Locale } from '../../common/localized-text';
import { imageUrl, SITE_IMAGES } from '../../common/media';
import type { ItemPageView, SiteServices } from '../../common/site';
import { RenderBlocks } from '../blocks/registry';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { useItemTypeLabel } from '../components/lists/item-type-label';
import { ListItemCard } from '../components/lists/ListItemCard';
import { formatItemDate, parseItemPath } from '../components/lists/list-url';
import { useLocale, useTranslation } from '../i18n';
import { pageMeta, rootDataOf, siteIdentity, socialImageUrl } from '../layouts/page-meta';

/** The item's image: its `src` and `og:image` are the widest of the srcset. */
const ITEM_IMAGE_WIDTH = SITE_IMAGES.itemWidths[SITE_IMAGES.itemWidths.length - 1];

/**
 * Item pages (`{path}/i/{id}/{slug}`, SPEC 2). React Router cannot match a splat before a fixed
 * segment, so the content-page route hands paths with an `/i/` segment to this module.
 */

/**
 * The item's view, a 301 to its canonical URL (wrong or missing slug; the query kept), or null when the path is no
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
  // The query goes along: `?lang=en` on the Dutch title's slug leads to the English slug in English
  // (without it the English slug would be read in Dutch and sent back to the Dutch one).
  if (result.kind === 'redirect') throw redirect(`${result.location}${search}`, 301);
  return { itemView: result.view };
}

/**
 * Title, description and the canonical URL of the item page (its slugged URL in each language);
 * issue 30: an `article` card with its times and its own image (the 1200×630 variant), and its
 * structured data (`NewsArticle`, `Event` or `Article` as its item type says, and its breadcrumbs).
 */
export function itemPageMeta(
  view: ItemPageView,
  matches: readonly ({ id: string } | undefined)[],
): MetaDescriptor[] {
  const { item, page } = view;
  const root = rootDataOf(matches);
  const origin = root?.origin ?? '';
  const meta = pageMeta(
    { ...page, title: item.title, description: item.description, path: item.url ?? page.path },
    matches,
    view.paths,
  );
  const image = item.imageGuid ? socialImageUrl(origin, item.imageGuid) : null;
  const replaced = new Set(['og:type', ...(image ? ['og:image', 'og:image:width', 'og:image:height'] : [])]);
  const url = `${origin}${view.paths[root?.shell.locale ?? 'nl']}`;
  const structured = itemStructuredData(siteIdentity(root), {
    title: item.title,
    description: item.description,
    url,
    listItemTypeName: item.listItemTypeName,
    publishedOn: item.publishedOn,
    modifiedOn: view.modifiedOn,
    periodEnd: item.periodEnd,
    place: item.place,
    imageUrl: image,
  });
  return [
    ...meta.filter(
      (entry) =>
        !('property' in entry && replaced.has(String(entry.property))) &&
        !('name' in entry && entry.name === 'twitter:card' && image) &&
        !('script:ld+json' in entry),
    ),
    { property: 'og:type', content: 'article' },
    { property: 'article:published_time', content: item.publishedOn },
    { property: 'article:modified_time', content: view.modifiedOn },
    ...(image
      ? [
          { property: 'og:image', content: image },
          { property: 'og:image:width', content: String(SITE_IMAGES.social.width) },
          { property: 'og:image:height', content: String(SITE_IMAGES.social.height) },
          { name: 'twitter:card', content: 'summary_large_image' },
        ]
      : []),
    {
      'script:ld+json': structuredDataDocument([
        structured,
        ...(page.settings.showBreadcrumbs && page.breadcrumbs.length > 0
          ? [breadcrumbStructuredData(origin, page.breadcrumbs)]
          : []),
      ]),
    },
  ];
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
          {item.place ? (
            <p className="item-place">
              <span className="item-date-label">{t('lists.place')}: </span>
              {placeLine(item.place)}
            </p>
          ) : null}
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
