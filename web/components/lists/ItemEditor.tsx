import {
  Alert,
  Autocomplete,
  Button,
  Divider,
  Group,
  Loader,
  Modal,
  MultiSelect,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { isItemTypeName } from '../../../common/list-items';
import { errorMessage } from '../../account/tasks';
import { useViewer } from '../../account/viewer';
import { useTranslation } from '../../i18n';
import { isChanged, useCloseGuard, useReportDirty } from '../close-guard';
import { SiteDates, usePickerProps, useTimeProps } from '../dates';
import { LibraryImageField } from '../media/MediaPicker';
import { ItemBlocks } from './ItemBlocks';
import '../../i18n/dates';
import '../../i18n/editor';

// Tiptap only loads when an editor opens the form: visitors of a list never download it.
const RichTextField = lazy(() =>
  import('../edit/RichTextField').then((module) => ({ default: module.RichTextField })),
);

import { GrowingTextarea } from '../GrowingTextarea';
import {
  emptyDraft,
  type ItemDraft,
  loadItemDraft,
  loadItemTypes,
  loadParentOptions,
  normaliseTypeName,
} from './item-api';

export type EditorTarget = { mode: 'new' } | { mode: 'edit'; guid: string };

/**
 * The item form (SPEC 2 editing): titles and descriptions per language, type, dates (week starts on
 * Monday, 24-hour clock), highlight and published switches, parents, image and the item's own text.
 * `onSave` runs the save as a task; the dialog closes when it succeeded. Under the form, the item's
 * other blocks (ItemBlocks), each saved on its own.
 */
export function ItemEditor({
  target,
  blockGuid,
  defaultType,
  onClose,
  onSave,
}: {
  target: EditorTarget | null;
  blockGuid: string;
  /** The type a new item starts with (the list's first type). */
  defaultType: string;
  onClose(): void;
  onSave(draft: ItemDraft, target: EditorTarget): Promise<boolean>;
}) {
  const { t } = useTranslation();
  // A block editor over the dialog takes Escape for itself (see ItemBlocks).
  const [hasOverlay, setOverlay] = useState(false);
  // Closing with unsaved input (Annuleer, the close button, Escape, a click beside it) asks first.
  const [isDirty, setDirty] = useState(false);
  const { close, closeOnEscape, question } = useCloseGuard(target !== null && isDirty, onClose);
  return (
    <Modal
      opened={target !== null}
      onClose={close}
      closeOnEscape={!hasOverlay && closeOnEscape}
      size="lg"
      title={target?.mode === 'edit' ? t('lists.editor.editTitle') : t('lists.editor.newTitle')}
    >
      {target ? (
        <ItemEditorBody
          target={target}
          blockGuid={blockGuid}
          defaultType={defaultType}
          onClose={onClose}
          onCancel={close}
          onSave={onSave}
          onOverlayChange={setOverlay}
          onDirtyChange={setDirty}
        />
      ) : null}
      {question}
    </Modal>
  );
}

/** The dialog's content: loads the item (and the choosers' options), then shows its form. */
function ItemEditorBody({
  target,
  blockGuid,
  defaultType,
  onClose,
  onCancel,
  onSave,
  onOverlayChange,
  onDirtyChange,
}: {
  target: EditorTarget;
  blockGuid: string;
  defaultType: string;
  onClose(): void;
  onCancel(): void;
  onSave(draft: ItemDraft, target: EditorTarget): Promise<boolean>;
  onOverlayChange(isOpen: boolean): void;
  onDirtyChange(isDirty: boolean): void;
}) {
  const { t } = useTranslation();
  const editedGuid = target.mode === 'edit' ? target.guid : null;
  // Always the item as stored now: a form opened again starts from the saved item, never a stale copy.
  const draft = useQuery({
    queryKey: ['listItem', 'draft', editedGuid ?? 'new', defaultType],
    queryFn: () =>
      editedGuid
        ? loadItemDraft(editedGuid)
        : Promise.resolve({ ...emptyDraft(), listItemTypeName: defaultType }),
    staleTime: 0,
    gcTime: 0,
  });
  // Type names and parents only fill the choosers: the form works without them.
  const types = useQuery({ queryKey: ['listItemTypes'], queryFn: loadItemTypes });
  const parents = useQuery({
    queryKey: ['listItem', 'parents', blockGuid, editedGuid],
    queryFn: () => loadParentOptions(blockGuid, editedGuid),
  });

  if (draft.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(draft.error, t('lists.editor.loadFailed'))}
      </Alert>
    );
  }
  if (!draft.data) return <Loader size="sm" aria-label={t('table.loading')} />;
  return (
    <ItemForm
      // A form per item: opening another item starts from its own saved state.
      key={editedGuid ?? 'new'}
      target={target}
      initial={draft.data}
      types={types.data ?? []}
      parents={parents.data ?? []}
      onClose={onClose}
      onCancel={onCancel}
      onSave={onSave}
      onOverlayChange={onOverlayChange}
      onDirtyChange={onDirtyChange}
    />
  );
}

function ItemForm({
  target,
  initial,
  types,
  parents,
  onClose,
  onCancel,
  onSave,
  onOverlayChange,
  onDirtyChange,
}: {
  target: EditorTarget;
  initial: ItemDraft;
  types: { name: string; label: string }[];
  parents: { value: string; label: string }[];
  /** After a save: closes at once. */
  onClose(): void;
  /** Annuleer: asks first while the form holds unsaved input. */
  onCancel(): void;
  onSave(draft: ItemDraft, target: EditorTarget): Promise<boolean>;
  onOverlayChange(isOpen: boolean): void;
  onDirtyChange(isDirty: boolean): void;
}) {
  const { t, i18n } = useTranslation();
  const canUseLibrary = useViewer()?.canUseLibrary === true;
  const picker = usePickerProps();
  const time = useTimeProps();
  const [draft, setDraft] = useState<ItemDraft>(initial);
  const [isBusy, setBusy] = useState(false);
  const [isSubmitted, setSubmitted] = useState(false);
  const isDirty = isChanged(draft, initial);
  useReportDirty(isDirty, onDirtyChange);

  const update = (changes: Partial<ItemDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const titleMissing = draft.titleNl.trim() === '';
  const typeInvalid = !isItemTypeName(normaliseTypeName(draft.listItemTypeName));
  // Dutch first: a place named in English only is not enough (the server says so too).
  const placeNlMissing = draft.placeNl.trim() === '' && draft.placeEn.trim() !== '';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (titleMissing || typeInvalid || placeNlMissing) return;
    setBusy(true);
    const saved = await onSave(draft, target);
    setBusy(false);
    if (saved) onClose();
  }

  const parentOptions = [
    ...parents,
    ...draft.parentGuids
      .filter((guid) => !parents.some((option) => option.value === guid))
      .map((guid) => ({ value: guid, label: guid })),
  ];

  return (
    <SiteDates language={i18n.language}>
      <form onSubmit={submit} noValidate className="list-item-form">
        <Stack gap="sm">
          <TextInput
            label={t('lists.editor.titleNl')}
            required
            value={draft.titleNl}
            maxLength={300}
            error={isSubmitted && titleMissing ? t('auth.required') : null}
            onChange={(event) => update({ titleNl: event.currentTarget.value })}
            data-autofocus
          />
          <TextInput
            label={t('lists.editor.titleEn')}
            value={draft.titleEn}
            maxLength={300}
            onChange={(event) => update({ titleEn: event.currentTarget.value })}
          />
          <GrowingTextarea
            label={t('lists.editor.descriptionNl')}
            value={draft.descriptionNl}
            minRows={2}
            maxLength={2000}
            onChange={(event) => update({ descriptionNl: event.currentTarget.value })}
          />
          <GrowingTextarea
            label={t('lists.editor.descriptionEn')}
            value={draft.descriptionEn}
            minRows={2}
            maxLength={2000}
            onChange={(event) => update({ descriptionEn: event.currentTarget.value })}
          />
          <Autocomplete
            label={t('lists.editor.type')}
            description={t('lists.editor.typeHint')}
            data={types.map((type) => type.name)}
            // The stored value is the type's name; the option shows the admin's label with it.
            renderOption={({ option }) => {
              const label = types.find((type) => type.name === option.value)?.label;
              return label && label !== option.value ? `${label} (${option.value})` : option.value;
            }}
            value={draft.listItemTypeName}
            required
            maxLength={64}
            error={isSubmitted && typeInvalid ? t('lists.editor.typeInvalid') : null}
            onChange={(value) => update({ listItemTypeName: value })}
          />
          <Group grow align="flex-start">
            <DateTimePicker
              {...picker('publishedOn')}
              placeholder={t('dates.choose')}
              label={t('lists.editor.publishedOn')}
              // A moment still to come schedules the item (issue 13): visitors see it from then on.
              description={
                draft.publishedOn && dayjs(draft.publishedOn).isAfter(dayjs())
                  ? t('lists.editor.scheduledHint')
                  : undefined
              }
              value={draft.publishedOn}
              valueFormat="DD-MM-YYYY HH:mm"
              {...time}
              clearable
              onChange={(value) => update({ publishedOn: value })}
            />
            <DateTimePicker
              {...picker('periodEnd')}
              placeholder={t('dates.choose')}
              label={t('lists.editor.periodEnd')}
              value={draft.periodEnd}
              valueFormat="DD-MM-YYYY HH:mm"
              {...time}
              clearable
              onChange={(value) => update({ periodEnd: value })}
            />
          </Group>
          <Group grow align="flex-start">
            <TextInput
              label={t('lists.editor.placeNl')}
              value={draft.placeNl}
              maxLength={200}
              error={isSubmitted && placeNlMissing ? t('auth.required') : null}
              onChange={(event) => update({ placeNl: event.currentTarget.value })}
            />
            <TextInput
              label={t('lists.editor.placeEn')}
              value={draft.placeEn}
              maxLength={200}
              onChange={(event) => update({ placeEn: event.currentTarget.value })}
            />
          </Group>
          <TextInput
            label={t('lists.editor.placeAddress')}
            description={t('lists.editor.placeHint')}
            value={draft.placeAddress}
            maxLength={300}
            onChange={(event) => update({ placeAddress: event.currentTarget.value })}
          />
          <Group>
            <Switch
              label={t('lists.editor.highlight')}
              checked={draft.highlight}
              onChange={(event) => update({ highlight: event.currentTarget.checked })}
            />
            <Switch
              label={t('lists.editor.published')}
              checked={draft.isPublished}
              onChange={(event) => update({ isPublished: event.currentTarget.checked })}
            />
          </Group>
          <MultiSelect
            label={t('lists.editor.parents')}
            placeholder={t('lists.editor.parentsPlaceholder')}
            data={parentOptions}
            value={draft.parentGuids}
            searchable
            clearable
            maxValues={50}
            nothingFoundMessage={t('table.noRecords')}
            onChange={(value) => update({ parentGuids: value })}
          />
          {target.mode === 'edit' || canUseLibrary ? (
            // A new item's image goes into the media library first (issue 27): the item names it once made.
            <LibraryImageField
              purpose={target.mode === 'edit' ? { item: target.guid } : 'library'}
              value={draft.imageGuid}
              label={t('lists.editor.image')}
              onChange={(guid) => update({ imageGuid: guid })}
            />
          ) : (
            <Alert color="gray" className="list-item-form-image-later">
              {t('lists.editor.imageLater')}
            </Alert>
          )}
          <Suspense fallback={<Text size="sm">{t('table.loading')}</Text>}>
            <RichTextField
              label={t('lists.editor.body')}
              value={draft.body}
              onChange={(doc) => update({ body: doc })}
            />
          </Suspense>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('buttons.cancel')}
            </Button>
            <Button type="submit" loading={isBusy}>
              {target.mode === 'edit' ? t('buttons.update') : t('buttons.create')}
            </Button>
          </Group>
        </Stack>
      </form>
      {/* Outside the form: each block is saved on its own, not with the fields above. */}
      <Divider my="md" />
      {target.mode === 'edit' ? (
        <ItemBlocks itemGuid={target.guid} bodyGuid={initial.bodyGuid} onOverlayChange={onOverlayChange} />
      ) : (
        <Alert color="gray" className="list-item-form-blocks-later">
          {t('itemBlocks.saveFirst')}
        </Alert>
      )}
    </SiteDates>
  );
}
