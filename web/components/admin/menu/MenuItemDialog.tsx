import { Button, Group, Modal, SegmentedControl, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { PAGE_LAYOUTS, type PageLayout } from '../../../../common/pages';
import { slugify } from '../../../../common/urls';
import { api, unwrap } from '../../../api/client';
import { useTranslation } from '../../../i18n';
import { isChanged, useCloseGuard } from '../../close-guard';
import { type AdminMenuItem, fieldErrors, menuQueries } from './menu-data';
import '../../../i18n/admin';
import '../../../i18n/account';

type Kind = 'page' | 'newPage' | 'external';

export type MenuItemDraft = {
  name: { nl: string; en?: string };
  urlSegment: string;
  pageGuid: string | null;
  externalUrl: string | null;
  isVisible: boolean;
};

/** "Create the page from here": the admin pages' own call, then the item for it. */
async function createPage(body: {
  title: { nl: string; en?: string };
  layout: PageLayout;
  isPublished: boolean;
}) {
  return unwrap(api.POST('/api/pages', { body }));
}

/**
 * Add or edit a menu item: an existing page (searchable), a page made here, or an external URL;
 * names in both languages; the URL part (prefilled from the Dutch name by the slug rule); visible.
 */
export function MenuItemDialog({
  opened,
  item,
  onClose,
  onSave,
}: {
  opened: boolean;
  item: AdminMenuItem | null;
  onClose: () => void;
  /** Saves the item; resolves to an error (for the fields) or null when saved. */
  onSave: (draft: MenuItemDraft) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const pages = useQuery({ ...menuQueries.pages, enabled: opened });
  const [kind, setKind] = useState<Kind>(item?.externalUrl ? 'external' : 'page');
  const [pageGuid, setPageGuid] = useState<string | null>(item?.pageGuid ?? null);
  const [externalUrl, setExternalUrl] = useState(item?.externalUrl ?? '');
  const [nameNl, setNameNl] = useState(item?.name.nl ?? '');
  const [nameEn, setNameEn] = useState(item?.name.en ?? '');
  const [segment, setSegment] = useState(item?.urlSegment ?? '');
  const [segmentTouched, setSegmentTouched] = useState(item !== null);
  const [isVisible, setIsVisible] = useState(item?.isVisible ?? true);
  const [titleNl, setTitleNl] = useState('');
  const [titleEn, setTitleEn] = useState('');
  const [layout, setLayout] = useState<PageLayout>('100');
  const [isPublished, setIsPublished] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  // Closing with unsaved input (Annuleer, the close button, Escape, a click beside it) asks first.
  const values = {
    kind,
    pageGuid,
    externalUrl,
    nameNl,
    nameEn,
    segment,
    isVisible,
    titleNl,
    titleEn,
    layout,
    isPublished,
  };
  const [initial] = useState(values);
  const { close, closeOnEscape, question } = useCloseGuard(opened && isChanged(values, initial), onClose);

  const pageOptions = (pages.data ?? [])
    .filter((page) => !page.isTemplate)
    .map((page) => ({ value: page.guid, label: page.title }));

  function changeName(value: string) {
    setNameNl(value);
    if (!segmentTouched) setSegment(slugify(value));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    let guid = kind === 'page' ? pageGuid : null;
    if (kind === 'newPage') {
      try {
        guid = (
          await createPage({
            title: { nl: titleNl || nameNl, ...(titleEn ? { en: titleEn } : {}) },
            layout,
            isPublished,
          })
        ).guid;
      } catch (error) {
        const fields = fieldErrors(error);
        setErrors({ titleNl: fields['title.nl'] ?? fields.title ?? t('tasks.failedText') });
        setSaving(false);
        return;
      }
    }
    const error = await onSave({
      name: { nl: nameNl.trim(), ...(nameEn.trim() ? { en: nameEn.trim() } : {}) },
      urlSegment: segment,
      pageGuid: guid,
      externalUrl: kind === 'external' ? externalUrl.trim() : null,
      isVisible,
    });
    setSaving(false);
    if (error) setErrors(fieldErrors(error));
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      closeOnEscape={closeOnEscape}
      title={item ? t('adminMenu.editItem') : t('adminMenu.addItem')}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SegmentedControl
            aria-label={t('adminMenu.itemKind')}
            value={kind}
            onChange={(value) => setKind(value as Kind)}
            data={[
              { value: 'page', label: t('adminMenu.kindPage') },
              ...(item ? [] : [{ value: 'newPage', label: t('adminMenu.kindNewPage') }]),
              { value: 'external', label: t('adminMenu.kindExternal') },
            ]}
            fullWidth
          />
          {kind === 'page' ? (
            <Select
              label={t('adminMenu.page')}
              placeholder={t('adminMenu.pageSearch')}
              data={pageOptions}
              value={pageGuid}
              onChange={(value) => {
                setPageGuid(value);
                const label = pageOptions.find((option) => option.value === value)?.label;
                if (label && !nameNl) changeName(label);
              }}
              searchable
              clearable
              nothingFoundMessage={t('adminMenu.noPages')}
              error={errors.pageGuid}
            />
          ) : null}
          {kind === 'newPage' ? (
            <>
              <TextInput
                label={t('adminMenu.pageTitleNl')}
                value={titleNl}
                onChange={(event) => {
                  setTitleNl(event.currentTarget.value);
                  if (!nameNl || slugify(nameNl) === segment) changeName(event.currentTarget.value);
                }}
                required
                error={errors.titleNl}
                data-autofocus
              />
              <TextInput
                label={t('adminMenu.pageTitleEn')}
                value={titleEn}
                onChange={(event) => setTitleEn(event.currentTarget.value)}
              />
              <Select
                label={t('adminMenu.layout')}
                data={PAGE_LAYOUTS.map((value) => ({ value, label: value }))}
                value={layout}
                onChange={(value) => setLayout((value as PageLayout | null) ?? '100')}
                allowDeselect={false}
              />
              <Switch
                label={t('adminMenu.published')}
                checked={isPublished}
                onChange={(event) => setIsPublished(event.currentTarget.checked)}
              />
            </>
          ) : null}
          {kind === 'external' ? (
            <TextInput
              label={t('adminMenu.externalUrl')}
              type="url"
              value={externalUrl}
              onChange={(event) => setExternalUrl(event.currentTarget.value)}
              placeholder="https://"
              required
              error={errors.externalUrl}
              data-autofocus
            />
          ) : null}
          <TextInput
            label={t('adminMenu.nameNl')}
            value={nameNl}
            onChange={(event) => changeName(event.currentTarget.value)}
            required
            error={errors['name.nl'] ?? errors.name}
          />
          <TextInput
            label={t('adminMenu.nameEn')}
            value={nameEn}
            onChange={(event) => setNameEn(event.currentTarget.value)}
            error={errors['name.en']}
          />
          <TextInput
            label={t('adminMenu.urlSegment')}
            description={t('adminMenu.urlSegmentHint')}
            value={segment}
            onChange={(event) => {
              setSegmentTouched(true);
              setSegment(event.currentTarget.value);
            }}
            error={errors.urlSegment ?? errors.parentGuid}
          />
          <Switch
            label={t('adminMenu.isVisible')}
            checked={isVisible}
            onChange={(event) => setIsVisible(event.currentTarget.checked)}
          />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={close}>
              {t('buttons.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {item ? t('buttons.update') : t('buttons.create')}
            </Button>
          </Group>
        </Stack>
      </form>
      {question}
    </Modal>
  );
}
