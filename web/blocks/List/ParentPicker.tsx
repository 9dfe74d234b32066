import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { useTranslation } from '../../i18n';
import '../../i18n/editor';

/**
 * The list's default parents (option defaultParentGuids): a searchable multi-select of items by
 * title, found with the site search as the editor types; chosen items keep their titles.
 */
export function ParentPicker({
  value,
  error,
  onChange,
}: {
  value: string[];
  error?: string | undefined;
  onChange(value: string[]): void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const found = useQuery({
    queryKey: ['parentPicker', debounced],
    queryFn: () => unwrap(api.GET('/api/search', { params: { query: { q: debounced } } })),
    enabled: debounced.length >= 2,
    placeholderData: keepPreviousData,
  });
  const chosen = useQueries({
    queries: value.map((guid) => ({
      queryKey: ['listItem', guid, 'title'],
      queryFn: () => unwrap(api.GET('/api/listitem/{guid}', { params: { path: { guid } } })),
      staleTime: 60_000,
    })),
  });
  const titles = new Map<string, string>();
  value.forEach((guid, index) => {
    titles.set(guid, chosen[index]?.data?.title ?? guid);
  });
  for (const hit of found.data?.hits ?? []) {
    if (hit.kind === 'item' && !titles.has(hit.guid)) titles.set(hit.guid, hit.title);
  }
  return (
    <MultiSelect
      label={t('blockEditor.listParents.label')}
      description={t('blockEditor.listParents.help')}
      placeholder={value.length === 0 ? t('blockEditor.listParents.placeholder') : undefined}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      data={[...titles].map(([guid, title]) => ({ value: guid, label: title }))}
      // The server already matched the words (stemmed, accent-insensitive): show what it found.
      filter={({ options }) => options}
      nothingFoundMessage={
        debounced.length >= 2 && !found.isFetching ? t('blockEditor.listParents.none') : undefined
      }
      value={value}
      onChange={onChange}
      error={error}
      maxValues={50}
    />
  );
}
