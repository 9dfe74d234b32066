import { Button, Group, Loader, Text, Title } from '@mantine/core';
import { type ReactNode, Suspense, useId } from 'react';
import { useLocation } from 'react-router';
import type { ListItemView, ListPage } from '../../../common/list-items';
import { isEditPath } from '../../../common/pages';
import { errorMessage } from '../../account/error-message';
import { listEditingPart } from '../../components/code-parts';
import { ListControls } from '../../components/lists/ListControls';
import { ListItemCard } from '../../components/lists/ListItemCard';
import { ListPager } from '../../components/lists/ListPager';
import { useLazyListPage } from '../../components/lists/useLazyListPage';
import { Notice } from '../../components/Notice';
import { useTranslation } from '../../i18n';
import type { BlockViewProps } from '../registry';

/**
 * A list of items (SPEC 3). The server renders the page of items the URL asks for; a lazyLoad list
 * arrives without items and fetches them once it scrolls into view. In edit mode (`{path}/edit`)
 * editors get the item tools.
 */
// The item tools (item form, dates, rich text, saving) load only in edit mode: visitors never get them.
const ListEditing = listEditingPart.Part;

type ItemTools = (item: ListItemView, index: number) => ReactNode;
const NO_TOOLS: ItemTools = () => null;

export function ListBlock({ block }: BlockViewProps<'list'>) {
  const { data } = block;
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const titleId = useId();
  const { options, state } = data;
  const sortBy = state.sort ?? options.defaultSortBy;
  const isEditing = isEditPath(pathname) && (data.abilities.addItem || data.abilities.editItems);
  const lazy = useLazyListPage(
    block.guid,
    data.page
      ? null
      : {
          pageNumber: state.page ?? 1,
          itemCount: options.defaultItemsPerPage,
          sort_by: sortBy,
          filter: state.filter ?? '',
          searchFilter: state.q ?? '',
        },
  );
  const page: ListPage | null = data.page ?? (lazy.state.status === 'done' ? lazy.state.page : null);
  const totalPages = page ? Math.ceil(page.totalNumberOfItems / Math.max(1, page.itemCount)) : 0;

  const items = (shown: ListPage, tools: ItemTools) =>
    shown.items.length === 0 ? (
      <Text className="list-empty" c="dimmed">
        {shown.totalNumberOfItems > 0 || state.q || state.filter ? t('table.noRecords') : t('table.noData')}
      </Text>
    ) : (
      <ul className="list-items">
        {shown.items.map((item, index) => (
          <ListItemCard
            key={item.guid}
            item={item}
            headingLevel={data.title ? 3 : 2}
            tools={tools(item, index)}
          />
        ))}
      </ul>
    );

  const body = page ? (
    isEditing ? (
      <Suspense fallback={items(page, NO_TOOLS)}>
        <ListEditing block={block} data={data} page={page} isEditing onChanged={lazy.retry}>
          {(tools) => items(page, tools)}
        </ListEditing>
      </Suspense>
    ) : (
      items(page, NO_TOOLS)
    )
  ) : lazy.state.status === 'failed' ? (
    <Notice color="red" className="list-error">
      <Group justify="space-between">
        {errorMessage(lazy.state.error, t('lists.loadFailed'))}
        <Button size="compact-sm" variant="light" color="red" onClick={lazy.retry}>
          {t('status.retry')}
        </Button>
      </Group>
    </Notice>
  ) : (
    <Group gap="xs" className="list-loading" role="status">
      <Loader size="xs" />
      <Text size="sm">{t('table.loading')}</Text>
    </Group>
  );

  return (
    <section className="list" aria-labelledby={data.title ? titleId : undefined} aria-busy={!page}>
      {data.title ? (
        <Title order={2} id={titleId} className="list-title" lang={block.contentLang}>
          {data.title}
        </Title>
      ) : null}
      <ListControls
        blockGuid={block.guid}
        sortBy={sortBy}
        filter={state.filter ?? ''}
        q={state.q ?? ''}
        itemTypes={data.itemTypes}
        itemTypeLabels={data.itemTypeLabels}
        isManual={options.sortOrder === 'manual'}
      />
      <div ref={lazy.target} className="list-body">
        {body}
      </div>
      {page ? <ListPager blockGuid={block.guid} page={page.pageNumber} totalPages={totalPages} /> : null}
    </section>
  );
}
