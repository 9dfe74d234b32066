import { Anchor, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatMoment } from '../../../common/dates';
import { SITE_IMAGES } from '../../../common/media';
import { accountMeta } from '../../account/meta';
import { useTask } from '../../account/tasks';
import { ApiError, api, unwrap } from '../../api/client';
import { AdminPage } from '../../components/admin/AdminPage';
import { DataTable } from '../../components/admin/DataTable';
import { RowActionButton } from '../../components/admin/RowActionButton';
import { useTableState } from '../../components/admin/table-state';
import { isChanged, useCloseGuard } from '../../components/close-guard';
import { GrowingTextarea } from '../../components/GrowingTextarea';
import { LibraryImageField } from '../../components/media/MediaPicker';
import { mediaUrl } from '../../components/media-url';
import { fieldErrors } from '../../components/site-admin/field-errors';
import { useTranslation } from '../../i18n';
import type { Route } from './+types/header-images';
import '../../i18n/admin';

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, 'adminSite.headerImages.title');
}

type HeaderImage = {
  guid: string;
  imageGuid: string | null;
  title: string;
  titleTranslations: { nl: string; en: string };
  textTranslations: { nl: string; en: string };
  updatedAt: string;
  usedBy: { guid: string; name: string; title: string }[];
};
type Editing = { mode: 'create' } | { mode: 'edit'; image: HeaderImage };

const FIELDS = ['body/title/nl', 'body/title/en', 'body/text/nl', 'body/text/en', 'body/imageGuid'] as const;
const fieldId = (path: string) => `header-image-${path.replaceAll('/', '-')}`;

/** Header images (SPEC 3): title and text in nl and en, an image; the pages that show each. */
export default function HeaderImagesPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const run = useTask();
  const table = useTableState({ sortKeys: ['title', 'updatedAt'] as const, defaultSort: 'title' });
  const query = useQuery({
    queryKey: ['admin', 'headerImages', table.query],
    queryFn: () => unwrap(api.GET('/api/headerimages:table', { params: { query: table.query } })),
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<HeaderImage | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const backToOpener = () => requestAnimationFrame(() => opener.current?.focus());
  const toHeading = () => requestAnimationFrame(() => document.getElementById('admin-title')?.focus());
  const invalidate = () => queryClient.invalidateQueries({ queryKey: ['admin', 'headerImages'] });

  async function remove(image: HeaderImage) {
    const done = await run(t('adminSite.headerImages.tasks.delete'), () =>
      unwrap(api.DELETE('/api/headerimages/{guid}', { params: { path: { guid: image.guid } } })),
    );
    setDeleting(null);
    await invalidate();
    if (done !== undefined) toHeading();
    else backToOpener();
  }

  const add = (
    <Button
      onClick={(event) => {
        opener.current = event.currentTarget;
        setEditing({ mode: 'create' });
      }}
    >
      {t('adminSite.headerImages.add')}
    </Button>
  );

  return (
    <AdminPage
      title={t('adminSite.headerImages.title')}
      description={t('adminSite.headerImages.description')}
      actions={add}
    >
      <DataTable
        caption={t('adminSite.headerImages.caption')}
        table={table}
        query={query}
        rowKey={(row) => row.guid}
        searchLabel={t('buttons.search')}
        empty={<Text>{t('adminSite.headerImages.empty')}</Text>}
        columns={[
          {
            key: 'title',
            header: t('adminSite.headerImages.columns.title'),
            sortKey: 'title',
            isRowHeader: true,
            render: (row) => row.title,
          },
          {
            key: 'image',
            header: t('adminSite.headerImages.columns.image'),
            visibleFrom: 'sm',
            render: (row) => {
              const url = row.imageGuid
                ? mediaUrl(row.imageGuid, { height: SITE_IMAGES.thumbnailHeight })
                : null;
              return url ? <img src={url} alt="" height={32} /> : '–';
            },
          },
          {
            key: 'usedBy',
            header: t('adminSite.headerImages.columns.usedBy'),
            render: (row) =>
              row.usedBy.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('adminSite.headerImages.notUsed')}
                </Text>
              ) : (
                <Group gap="xs">
                  {row.usedBy.map((page) => (
                    <Anchor key={page.guid} component={Link} to={`/${page.name}`} size="sm">
                      {page.title || page.name}
                    </Anchor>
                  ))}
                </Group>
              ),
          },
          {
            key: 'updatedAt',
            header: t('adminSite.headerImages.columns.updatedAt'),
            sortKey: 'updatedAt',
            visibleFrom: 'md',
            render: (row) => formatMoment(row.updatedAt, i18n.language),
          },
          {
            key: 'actions',
            header: t('adminSite.headerImages.columns.actions'),
            render: (row) => (
              <Group gap="xs" wrap="nowrap">
                <RowActionButton
                  variant="light"
                  label={t('adminSite.edit')}
                  rowName={row.title}
                  opener={opener}
                  onOpen={() => setEditing({ mode: 'edit', image: row })}
                />
                <RowActionButton
                  label={t('buttons.delete')}
                  rowName={row.title}
                  opener={opener}
                  onOpen={() => setDeleting(row)}
                />
              </Group>
            ),
          },
        ]}
      />
      {editing ? (
        <HeaderImageDialog
          editing={editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) {
              void invalidate();
              toHeading();
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
        title={t('adminSite.headerImages.deleteTitle')}
      >
        {deleting ? (
          <Stack gap="md">
            {deleting.usedBy.length > 0 ? (
              <Text>
                {t('adminSite.headerImages.inUse', {
                  count: deleting.usedBy.length,
                  pages: deleting.usedBy.map((page) => page.title || page.name).join(', '),
                })}
              </Text>
            ) : (
              <Text>{t('adminSite.headerImages.deleteText', { title: deleting.title })}</Text>
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
                {t(deleting.usedBy.length > 0 ? 'buttons.close' : 'buttons.cancel')}
              </Button>
              {deleting.usedBy.length === 0 ? (
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

function HeaderImageDialog({ editing, onClose }: { editing: Editing; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const run = useTask();
  const initial = editing.mode === 'edit' ? editing.image : null;
  const [titleNl, setTitleNl] = useState(initial?.titleTranslations.nl ?? '');
  const [titleEn, setTitleEn] = useState(initial?.titleTranslations.en ?? '');
  const [textNl, setTextNl] = useState(initial?.textTranslations.nl ?? '');
  const [textEn, setTextEn] = useState(initial?.textTranslations.en ?? '');
  const [imageGuid, setImageGuid] = useState<string | null>(initial?.imageGuid ?? null);
  // Closing with unsaved input (Annuleer, the close button, Escape, a click beside it) asks first.
  const { close, closeOnEscape, question } = useCloseGuard(
    isChanged(
      [titleNl, titleEn, textNl, textEn, imageGuid],
      [
        initial?.titleTranslations.nl ?? '',
        initial?.titleTranslations.en ?? '',
        initial?.textTranslations.nl ?? '',
        initial?.textTranslations.en ?? '',
        initial?.imageGuid ?? null,
      ],
    ),
    () => onClose(false),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const focusFirst = (found: Record<string, string>) => {
    const first = FIELDS.find((path) => found[path]);
    if (first) requestAnimationFrame(() => document.getElementById(fieldId(first))?.focus());
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (titleNl.trim() === '') found['body/title/nl'] = t('validation.required');
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirst(found);
    setBusy(true);
    let failure: unknown = null;
    const body = {
      title: { nl: titleNl.trim(), en: titleEn.trim() },
      text: { nl: textNl.trim(), en: textEn.trim() },
      imageGuid,
    };
    const result = await run(t('adminSite.headerImages.tasks.save'), async () => {
      try {
        return initial
          ? await unwrap(
              api.PUT('/api/headerimages/{guid}', { params: { path: { guid: initial.guid } }, body }),
            )
          : await unwrap(api.POST('/api/headerimages', { body }));
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

  const text = (
    path: (typeof FIELDS)[number],
    label: string,
    value: string,
    onChange: (value: string) => void,
  ) => (
    <TextInput
      id={fieldId(path)}
      label={label}
      required={path === 'body/title/nl'}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={errors[path]}
      data-autofocus={path === 'body/title/nl' ? true : undefined}
    />
  );

  return (
    <Modal
      opened
      size="lg"
      onClose={close}
      closeOnEscape={closeOnEscape}
      title={t(initial ? 'adminSite.headerImages.edit' : 'adminSite.headerImages.add')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {text('body/title/nl', t('adminSite.headerImages.title_nl'), titleNl, setTitleNl)}
          {text('body/title/en', t('adminSite.headerImages.title_en'), titleEn, setTitleEn)}
          <GrowingTextarea
            id={fieldId('body/text/nl')}
            label={t('adminSite.headerImages.text_nl')}
            minRows={2}
            value={textNl}
            onChange={(event) => setTextNl(event.currentTarget.value)}
            error={errors['body/text/nl']}
          />
          <GrowingTextarea
            id={fieldId('body/text/en')}
            label={t('adminSite.headerImages.text_en')}
            minRows={2}
            value={textEn}
            onChange={(event) => setTextEn(event.currentTarget.value)}
            error={errors['body/text/en']}
          />
          <div id={fieldId('body/imageGuid')} tabIndex={-1}>
            <LibraryImageField
              purpose="public"
              value={imageGuid}
              onChange={(guid) => setImageGuid(guid)}
              label={t('adminSite.headerImages.image')}
            />
            {errors['body/imageGuid'] ? (
              <Text size="xs" c="red.8" role="alert">
                {errors['body/imageGuid']}
              </Text>
            ) : null}
          </div>
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
