import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { isItemTypeName } from '../../../common/list-items';
import { accountMeta } from '../../account/meta';
import { useTask } from '../../account/tasks';
import { ApiError, api, unwrap } from '../../api/client';
import { AdminPage } from '../../components/admin/AdminPage';
import { DataTable } from '../../components/admin/DataTable';
import { RowActionButton } from '../../components/admin/RowActionButton';
import { useTableState } from '../../components/admin/table-state';
import { isChanged, useCloseGuard } from '../../components/close-guard';
import { fieldErrors } from '../../components/site-admin/field-errors';
import { useTranslation } from '../../i18n';
import type { Route } from './+types/item-types';
import '../../i18n/admin';

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, 'adminSite.itemTypes.title');
}

type ItemType = {
  name: string;
  label: string;
  labelTranslations: { nl: string; en: string };
  itemCount: number;
};
type Editing = { mode: 'create' } | { mode: 'edit'; type: ItemType };

/** Item types (SPEC 3): key (never changes), labels in nl and en; delete only while no item uses it. */
export default function ItemTypesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const run = useTask();
  const table = useTableState({ sortKeys: ['name', 'label', 'itemCount'] as const, defaultSort: 'name' });
  const query = useQuery({
    queryKey: ['admin', 'itemTypes', table.query],
    queryFn: () => unwrap(api.GET('/api/listitemtypes:table', { params: { query: table.query } })),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<ItemType | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const backToOpener = () => requestAnimationFrame(() => opener.current?.focus());
  const invalidate = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin', 'itemTypes'] }),
      queryClient.invalidateQueries({ queryKey: ['listItemTypes'] }),
    ]);

  async function remove(type: ItemType) {
    const done = await run(t('adminSite.itemTypes.tasks.delete'), () =>
      unwrap(api.DELETE('/api/listitemtypes/{name}', { params: { path: { name: type.name } } })),
    );
    setDeleting(null);
    if (done !== undefined) {
      await invalidate();
      requestAnimationFrame(() => document.getElementById('admin-title')?.focus());
    } else backToOpener();
  }

  const add = (
    <Button
      onClick={(event) => {
        opener.current = event.currentTarget;
        setEditing({ mode: 'create' });
      }}
    >
      {t('adminSite.itemTypes.add')}
    </Button>
  );

  return (
    <AdminPage
      title={t('adminSite.itemTypes.title')}
      description={t('adminSite.itemTypes.description')}
      actions={add}
    >
      <DataTable
        caption={t('adminSite.itemTypes.caption')}
        table={table}
        query={query}
        rowKey={(row) => row.name}
        searchLabel={t('buttons.search')}
        empty={<Text>{t('adminSite.itemTypes.empty')}</Text>}
        columns={[
          {
            key: 'label',
            header: t('adminSite.itemTypes.columns.label'),
            sortKey: 'label',
            isRowHeader: true,
            render: (row) => row.label,
          },
          {
            key: 'name',
            header: t('adminSite.itemTypes.columns.name'),
            sortKey: 'name',
            visibleFrom: 'sm',
            render: (row) => <code>{row.name}</code>,
          },
          {
            key: 'itemCount',
            header: t('adminSite.itemTypes.columns.itemCount'),
            sortKey: 'itemCount',
            render: (row) => row.itemCount,
          },
          {
            key: 'actions',
            header: t('adminSite.itemTypes.columns.actions'),
            render: (row) => (
              <Group gap="xs" wrap="nowrap">
                <RowActionButton
                  variant="light"
                  label={t('adminSite.edit')}
                  rowName={row.label}
                  opener={opener}
                  onOpen={() => setEditing({ mode: 'edit', type: row })}
                />
                <RowActionButton
                  label={t('buttons.delete')}
                  rowName={row.label}
                  opener={opener}
                  onOpen={() => setDeleting(row)}
                />
              </Group>
            ),
          },
        ]}
      />
      {editing ? (
        <ItemTypeDialog
          editing={editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) {
              void invalidate();
              requestAnimationFrame(() => document.getElementById('admin-title')?.focus());
            } else backToOpener();
          }}
        />
      ) : null}
      <Modal
        opened={deleting !== null}
        onClose={() => {
          setDeleting(null);
          backToOpener();
        }}
        title={t('adminSite.itemTypes.deleteTitle')}
      >
        {deleting ? (
          <Stack gap="md">
            {deleting.itemCount > 0 ? (
              <Text>{t('adminSite.itemTypes.inUse', { count: deleting.itemCount })}</Text>
            ) : (
              <Text>{t('adminSite.itemTypes.deleteText', { label: deleting.label })}</Text>
            )}
            <Group justify="flex-end">
              <Button
                variant="default"
                data-autofocus
                onClick={() => {
                  setDeleting(null);
                  backToOpener();
                }}
              >
                {t(deleting.itemCount > 0 ? 'buttons.close' : 'buttons.cancel')}
              </Button>
              {deleting.itemCount === 0 ? (
                <Button color="red.8" onClick={() => remove(deleting)}>
                  {t('buttons.delete')}
                </Button>
              ) : null}
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </AdminPage>
  );
}

function ItemTypeDialog({ editing, onClose }: { editing: Editing; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const run = useTask();
  const initial = editing.mode === 'edit' ? editing.type : null;
  const [name, setName] = useState(initial?.name ?? '');
  const [nl, setNl] = useState(initial?.labelTranslations.nl ?? '');
  const [en, setEn] = useState(initial?.labelTranslations.en ?? '');
  // Closing with unsaved input (Annuleer, the close button, Escape, a click beside it) asks first.
  const { close, closeOnEscape, question } = useCloseGuard(
    isChanged(
      [name, nl, en],
      [initial?.name ?? '', initial?.labelTranslations.nl ?? '', initial?.labelTranslations.en ?? ''],
    ),
    () => onClose(false),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!initial && !isItemTypeName(name)) found['body/name'] = t('validation.itemType');
    if (nl.trim() === '') found['body/label/nl'] = t('validation.required');
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    setBusy(true);
    let failure: unknown = null;
    const label = { nl: nl.trim(), en: en.trim() };
    const result = await run(t('adminSite.itemTypes.tasks.save'), async () => {
      try {
        return initial
          ? await unwrap(
              api.PUT('/api/listitemtypes/{name}', {
                params: { path: { name: initial.name } },
                body: { label },
              }),
            )
          : await unwrap(api.POST('/api/listitemtypes', { body: { name, label } }));
      } catch (error) {
        failure = error;
        throw error;
      }
    });
    setBusy(false);
    if (result) return onClose(true);
    if (failure instanceof ApiError) {
      const fromServer = fieldErrors(failure);
      setErrors(fromServer);
      focusFirst(fromServer);
    }
  }

  const focusFirst = (found: Record<string, string>) => {
    const order = ['body/name', 'body/label/nl', 'body/label/en'];
    const first = order.find((path) => found[path]);
    if (first) requestAnimationFrame(() => document.getElementById(`item-type-${first}`)?.focus());
  };

  return (
    <Modal
      opened
      onClose={close}
      closeOnEscape={closeOnEscape}
      title={t(initial ? 'adminSite.itemTypes.edit' : 'adminSite.itemTypes.add')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            id="item-type-body/name"
            label={t('adminSite.itemTypes.name')}
            description={t('adminSite.itemTypes.nameHelp')}
            required
            value={name}
            disabled={initial !== null}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors['body/name']}
            data-autofocus={initial ? undefined : true}
          />
          <TextInput
            id="item-type-body/label/nl"
            label={t('adminSite.itemTypes.label_nl')}
            required
            value={nl}
            onChange={(event) => setNl(event.currentTarget.value)}
            error={errors['body/label/nl']}
            data-autofocus={initial ? true : undefined}
          />
          <TextInput
            id="item-type-body/label/en"
            label={t('adminSite.itemTypes.label_en')}
            value={en}
            onChange={(event) => setEn(event.currentTarget.value)}
            error={errors['body/label/en']}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('buttons.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t(initial ? 'buttons.update' : 'buttons.create')}
            </Button>
          </Group>
        </Stack>
      </form>
      {question}
    </Modal>
  );
}
