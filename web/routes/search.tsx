import { Alert, Anchor, Badge, Button, Group, Pagination, Text, TextInput, Title } from '@mantine/core';
import { Form, Link } from 'react-router';
import { appContext } from '#app-context';
import { type SearchResults, SHARED_PAGE } from '../../common/site';
import { useItemTypeLabel } from '../components/lists/item-type-label';
import { formatItemDate } from '../components/lists/list-url';
import { sharedCatalogue, useTranslation } from '../i18n';
import type { RootLoaderData } from '../root';
import type { Route } from './+types/search';

const MAX_QUERY_LENGTH = 200;

/** The page is the same for every member with the same flags and roles (issue 29). */
export const handle = SHARED_PAGE;

/** SPEC 2 `search`: the query, type filter and page live in the URL (`?q=&type=&page=`). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const params = new URL(request.url).searchParams;
  const q = (params.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  const type = (params.get('type') ?? '').trim().slice(0, 100);
  const requestedPage = Number(params.get('page'));
  const page =
    Number.isInteger(requestedPage) && requestedPage >= 1 && requestedPage <= 10_000 ? requestedPage : 1;
  // The same for every visitor; the server counts the search again when it sends a kept page.
  app.pageCache.allow();
  const results: SearchResults | null = q
    ? await app.site.search({ q, locale: app.locale, page, ...(type ? { type } : {}) })
    : null;
  return { q, type, results };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as RootLoaderData | undefined;
  const text = sharedCatalogue(root?.shell.locale ?? 'nl').search;
  const siteName = root?.shell.settings.platformName ?? 'Bouwsteen';
  const q = loaderData?.q;
  return [
    { title: q ? `${q} – ${text.title} | ${siteName}` : `${text.title} | ${siteName}` },
    { name: 'description', content: text.description },
    // Result pages change with the content and the query: not worth indexing (nor is any page of a
    // site that discourages search engines, issue 30).
    ...(q || root?.shell.settings.discourageSearchEngines === 'true'
      ? [{ name: 'robots', content: 'noindex' }]
      : []),
  ];
}

function searchHref(q: string, type: string, page = 1): string {
  const params = new URLSearchParams({ q });
  if (type) params.set('type', type);
  if (page > 1) params.set('page', String(page));
  return `/search?${params.toString()}`;
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, type, results } = loaderData;
  const { t, i18n } = useTranslation();
  const itemTypeLabel = useItemTypeLabel();
  const totalPages = results ? Math.ceil(results.totalNumberOfItems / Math.max(1, results.itemCount)) : 0;
  const typeLabel = (entry: { name: string; label?: string | null }) =>
    entry.name === 'page' ? t('search.pages') : (entry.label ?? itemTypeLabel(entry.name));
  return (
    <div className="container search-page">
      <Title order={1} className="page-title">
        {t('search.title')}
      </Title>
      <Form method="get" action="/search" role="search" className="search-form">
        <Group gap="sm" align="flex-end">
          <TextInput
            className="search-input"
            type="search"
            name="q"
            label={t('search.label')}
            placeholder={t('search.placeholder')}
            defaultValue={q}
            key={q}
            maxLength={MAX_QUERY_LENGTH}
          />
          {type ? <input type="hidden" name="type" value={type} /> : null}
          <Button type="submit">{t('buttons.search')}</Button>
        </Group>
      </Form>

      {results === null ? (
        <Text c="dimmed" className="search-hint">
          {t('search.noQuery')}
        </Text>
      ) : (
        <>
          <Text className="search-count" role="status">
            {t('search.count', { count: results.totalNumberOfItems, q: results.q })}
          </Text>
          {results.isFuzzy && results.hits.length > 0 ? (
            <Alert color="yellow" className="search-fuzzy">
              {t('search.fuzzy', { q: results.q })}
            </Alert>
          ) : null}
          {results.types.length > 0 || type ? (
            <nav aria-label={t('search.filterByType')} className="search-types">
              <Group gap="xs">
                <Anchor
                  component={Link}
                  to={searchHref(q, '')}
                  aria-current={type === '' ? 'true' : undefined}
                  className="search-type"
                >
                  {t('search.allTypes')}
                </Anchor>
                {results.types.map((entry) => (
                  <Anchor
                    key={entry.name}
                    component={Link}
                    to={searchHref(q, entry.name)}
                    aria-current={type === entry.name ? 'true' : undefined}
                    className="search-type"
                  >
                    {typeLabel(entry)} ({entry.count})
                  </Anchor>
                ))}
              </Group>
            </nav>
          ) : null}
          {results.hits.length === 0 ? (
            <Text className="search-empty">{t('search.noResults', { q: results.q })}</Text>
          ) : (
            <ol className="search-results" start={(results.pageNumber - 1) * results.itemCount + 1}>
              {results.hits.map((hit) => (
                <li key={`${hit.kind}-${hit.guid}`} className="search-hit">
                  <Anchor component={Link} to={hit.url} className="search-hit-title" fw={600} size="lg">
                    {hit.title}
                  </Anchor>
                  <Group gap="xs" className="search-hit-meta">
                    {/* As written: a capitalised badge would shout the type's name. */}
                    <Badge size="sm" variant="light" tt="none" className="search-hit-type">
                      {hit.kind === 'page'
                        ? t('search.page')
                        : hit.listItemTypeName
                          ? (hit.listItemTypeLabel ?? itemTypeLabel(hit.listItemTypeName))
                          : t('search.item')}
                    </Badge>
                    {hit.publishedOn ? (
                      <Text size="sm" c="dimmed" component="time" dateTime={hit.publishedOn}>
                        {formatItemDate(hit.publishedOn, i18n.language)}
                      </Text>
                    ) : null}
                  </Group>
                  <p
                    className="search-snippet"
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: the server escapes the snippet and adds only <mark>
                    dangerouslySetInnerHTML={{ __html: hit.snippetHtml }}
                  />
                </li>
              ))}
            </ol>
          )}
          {totalPages > 1 ? (
            <nav aria-label={t('lists.paging')} className="search-pager">
              <Pagination
                total={totalPages}
                value={Math.min(results.pageNumber, totalPages)}
                getItemProps={(target) => ({
                  component: Link,
                  to: searchHref(q, type, target),
                  'aria-label': t('lists.pageN', { page: target }),
                })}
                getControlProps={(control) => {
                  const target = {
                    first: 1,
                    previous: Math.max(1, results.pageNumber - 1),
                    next: Math.min(totalPages, results.pageNumber + 1),
                    last: totalPages,
                  }[control];
                  return {
                    component: Link,
                    to: searchHref(q, type, target),
                    'aria-label': t(`lists.${control}`),
                  };
                }}
              />
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
