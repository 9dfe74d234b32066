import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { type FormEvent, useRef } from 'react';
import { Form, useLocation, useNavigate, useSearchParams } from 'react-router';
import { LIST_SORT_KEYS, type ListSortKey, listParamName } from '../../../common/list-items';
import { useTranslation } from '../../i18n';
import { useItemTypeLabel } from './item-type-label';
import { otherParams, typeFilter } from './list-url';

/**
 * Sort, item type and search within one list, as a GET form: without JavaScript it submits as a
 * normal form, with JavaScript the router navigates (keeping the scroll position) and the server
 * renders the new state. The other lists' state on the page rides along in hidden fields; a new
 * choice starts at page 1 again because this list's page is not among them.
 */
export function ListControls({
  blockGuid,
  sortBy,
  filter,
  q,
  itemTypes,
  itemTypeLabels,
  isManual,
}: {
  blockGuid: string;
  sortBy: ListSortKey;
  filter: string;
  q: string;
  itemTypes: string[];
  /** The admin's labels in the reader's language, by type name (the catalogue's name as fallback). */
  itemTypeLabels?: Record<string, string> | undefined;
  isManual: boolean;
}) {
  const { t } = useTranslation();
  const typeLabel = useItemTypeLabel();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const sortKeys = LIST_SORT_KEYS.filter((key) => key !== 'manual' || isManual);
  const typeOptions = itemTypes.map((name) => ({
    value: typeFilter(name),
    label: itemTypeLabels?.[name] ?? typeLabel(name),
  }));
  if (filter && !typeOptions.some((option) => option.value === filter)) {
    typeOptions.push({ value: filter, label: filter });
  }
  const submitNow = () => form.current?.requestSubmit();
  // With JavaScript the empty fields stay out of the URL (without it the browser sends them all).
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === 'string' && value.trim() !== '') params.append(name, value.trim());
    }
    const search = params.toString();
    void navigate(`${pathname}${search ? `?${search}` : ''}`, { preventScrollReset: true });
  };
  return (
    <Form
      ref={form}
      method="get"
      action={pathname}
      onSubmit={onSubmit}
      className="list-controls"
      role="search"
      aria-label={t('lists.controls')}
    >
      {otherParams(searchParams, blockGuid).map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          className="list-search"
          type="search"
          name={listParamName(blockGuid, 'q')}
          label={t('lists.search')}
          placeholder={t('lists.searchPlaceholder')}
          defaultValue={q}
          key={`q-${q}`}
        />
        <NativeSelect
          className="list-sort"
          name={listParamName(blockGuid, 'sort')}
          label={t('lists.sortBy')}
          // Uncontrolled, reset by key when the URL changes: the new choice stays visible while the
          // router loads it.
          defaultValue={sortBy}
          key={`sort-${sortBy}`}
          onChange={submitNow}
          data={sortKeys.map((key) => ({ value: key, label: t(`lists.sort.${key}`) }))}
        />
        {typeOptions.length > 0 ? (
          <NativeSelect
            className="list-type-filter"
            name={listParamName(blockGuid, 'filter')}
            label={t('lists.type')}
            defaultValue={filter}
            key={`filter-${filter}`}
            onChange={submitNow}
            data={[{ value: '', label: t('lists.allTypes') }, ...typeOptions]}
          />
        ) : null}
        <Button type="submit" variant="light">
          {t('buttons.search')}
        </Button>
      </Group>
    </Form>
  );
}
