import { Button } from '@mantine/core';
import { type FormEvent, type ReactNode, useId, useRef } from 'react';
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
      <div className="list-controls-row">
        <ListField label={t('lists.search')} className="list-search">
          {(id) => (
            <input
              id={id}
              className="list-field-input"
              type="search"
              name={listParamName(blockGuid, 'q')}
              placeholder={t('lists.searchPlaceholder')}
              defaultValue={q}
              key={`q-${q}`}
            />
          )}
        </ListField>
        <ListField label={t('lists.sortBy')} className="list-sort">
          {(id) => (
            <select
              id={id}
              className="list-field-input list-field-select"
              name={listParamName(blockGuid, 'sort')}
              // Uncontrolled, reset by key when the URL changes: the new choice stays visible while
              // the router loads it.
              defaultValue={sortBy}
              key={`sort-${sortBy}`}
              onChange={submitNow}
            >
              {sortKeys.map((key) => (
                <option key={key} value={key}>
                  {t(`lists.sort.${key}`)}
                </option>
              ))}
            </select>
          )}
        </ListField>
        {typeOptions.length > 0 ? (
          <ListField label={t('lists.type')} className="list-type-filter">
            {(id) => (
              <select
                id={id}
                className="list-field-input list-field-select"
                name={listParamName(blockGuid, 'filter')}
                defaultValue={filter}
                key={`filter-${filter}`}
                onChange={submitNow}
              >
                {[{ value: '', label: t('lists.allTypes') }, ...typeOptions].map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            )}
          </ListField>
        ) : null}
        <Button type="submit" variant="light">
          {t('buttons.search')}
        </Button>
      </div>
    </Form>
  );
}

/**
 * A labelled field of the list's controls: a plain input or select styled as the site's fields
 * (web/styles/site.css), so a visitor's list page does not load Mantine's input components (issue
 * 32: the list page's JavaScript stays within 150 KB).
 */
function ListField({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={`list-field ${className}`}>
      <label htmlFor={id} className="list-field-label">
        {label}
      </label>
      {children(id)}
    </div>
  );
}
