import {
  Alert,
  Button,
  Checkbox,
  FileButton,
  Group,
  Modal,
  Progress,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  TagsInput,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, type MouseEvent, useId, useRef, useState } from 'react';
import { formatFileSize } from '../../../common/file-size';
import { isLocale, type Locale } from '../../../common/localized-text';
import {
  DOCUMENT_LANGUAGES,
  DOCUMENT_MIME_TYPES,
  type DocumentLanguage,
  IMAGE_MIME_TYPES,
  imageUrl,
  isDocumentFormat,
  MAX_DOCUMENT_BYTES,
  MAX_UPLOAD_BYTES,
  MEDIA_FORMATS,
} from '../../../common/media';
import { formatMoment } from '../../account/format';
import { useTask } from '../../account/tasks';
import { ApiError, api, unwrap } from '../../api/client';
import type { components } from '../../api/schema';
import { useTranslation } from '../../i18n';
import { DayInput } from '../dates';
import { failureOf, UploadError, uploadImage } from './upload';
import '../../i18n/media';
import '../../i18n/account';
import { GrowingTextarea } from '../GrowingTextarea';

export type Asset = components['schemas']['Asset'];
type AssetUse = components['schemas']['AssetUse'];

const PAGE_SIZE = 24;
const THUMBNAIL = { width: 200, height: 200, fit: 'cover' } as const;

type Filters = {
  search: string;
  format: (typeof MEDIA_FORMATS)[number] | '';
  /** Images or documents (issue 27). */
  kind: 'image' | 'document' | '';
  uploadedBy: string;
  unused: boolean;
  from: string;
  to: string;
};

const NO_FILTERS: Filters = {
  search: '',
  format: '',
  kind: '',
  uploadedBy: '',
  unused: false,
  from: '',
  to: '',
};

/** What the file picker and the drop zone take: images and (issue 27) documents. */
const ACCEPTED_TYPES = [...Object.values(IMAGE_MIME_TYPES), ...Object.values(DOCUMENT_MIME_TYPES)];

/** The letters on a document's card when it has no picture (a PDF shows its first page). */
function documentLetters(format: string): string {
  return format === 'docx'
    ? 'DOC'
    : format === 'xlsx'
      ? 'XLS'
      : format === 'pptx'
        ? 'PPT'
        : format.toUpperCase();
}

/**
 * The media library (issue 27): every image in one place, searched and filtered on the server, in a
 * grid or a table, with uploads of several files at once (drag and drop, a progress bar per file,
 * a message per refused file). `onPick` makes it the picker of an image field: choosing an image
 * picks it; without it, choosing opens the image's editor.
 */
export function MediaLibrary({
  onPick,
  kind,
}: {
  onPick?: (asset: Asset) => void;
  /** Shows only images or only documents at first (a document field's picker, issue 27). */
  kind?: 'image' | 'document';
}) {
  const { t, i18n } = useTranslation();
  const locale: Locale = isLocale(i18n.language) ? i18n.language : 'nl';
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<Filters>({ ...NO_FILTERS, kind: kind ?? '' });
  const [page, setPage] = useState(1);
  const [view, setView] = useState<'grid' | 'table'>('grid');
  const [editing, setEditing] = useState<Asset | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const query = {
    ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
    ...(filters.format ? { format: filters.format } : {}),
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.uploadedBy ? { uploadedBy: filters.uploadedBy } : {}),
    ...(filters.unused ? { unused: 'true' } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    page: String(page),
    pageSize: String(PAGE_SIZE),
  };
  const assets = useQuery({
    queryKey: ['media', 'library', query],
    queryFn: () => unwrap(api.GET('/api/media', { params: { query: query as never } })),
    placeholderData: keepPreviousData,
  });
  const uploaders = useQuery({
    queryKey: ['media', 'uploaders'],
    queryFn: () => unwrap(api.GET('/api/media:uploaders')),
  });
  const total = assets.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // Past the count's limit the pager goes on while pages come back full.
  const isExact = assets.data?.isTotalExact ?? true;
  const hasNext = isExact ? page < pages : assets.data?.assets.length === PAGE_SIZE;
  const number = (value: number) => value.toLocaleString(locale === 'nl' ? 'nl-NL' : 'en-GB');
  const change = (next: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };
  const choose = (asset: Asset, element: HTMLElement) => {
    if (onPick) {
      onPick(asset);
      return;
    }
    opener.current = element;
    setEditing(asset);
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['media'] });

  return (
    <Stack gap="md">
      <Uploads onUploaded={refresh} />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('mediaLibrary.search')}
          description={t('mediaLibrary.searchHint')}
          type="search"
          value={filters.search}
          onChange={(event) => change({ search: event.currentTarget.value })}
        />
        <Select
          label={t('mediaLibrary.kind')}
          data={[
            { value: '', label: t('mediaLibrary.allKinds') },
            { value: 'image', label: t('mediaLibrary.images') },
            { value: 'document', label: t('mediaLibrary.documents') },
          ]}
          value={filters.kind}
          allowDeselect={false}
          onChange={(value) => change({ kind: (value ?? '') as Filters['kind'], format: '' })}
        />
        <Select
          label={t('mediaLibrary.format')}
          data={[
            { value: '', label: t('mediaLibrary.allFormats') },
            ...MEDIA_FORMATS.filter((format) =>
              filters.kind === '' ? true : isDocumentFormat(format) === (filters.kind === 'document'),
            ).map((format) => ({ value: format, label: format.toUpperCase() })),
          ]}
          value={filters.format}
          allowDeselect={false}
          onChange={(value) => change({ format: (value ?? '') as Filters['format'] })}
        />
        <Select
          label={t('mediaLibrary.uploader')}
          data={[
            { value: '', label: t('mediaLibrary.allUploaders') },
            ...(uploaders.data ?? []).map((uploader) => ({ value: uploader.guid, label: uploader.name })),
          ]}
          value={filters.uploadedBy}
          allowDeselect={false}
          onChange={(value) => change({ uploadedBy: value ?? '' })}
        />
        <DayInput
          name="media-from"
          label={t('mediaLibrary.from')}
          value={filters.from}
          maxDate={filters.to}
          onChange={(from) => change({ from })}
          w={{ base: '100%', xs: 200 }}
        />
        <DayInput
          name="media-to"
          label={t('mediaLibrary.to')}
          value={filters.to}
          minDate={filters.from}
          onChange={(to) => change({ to })}
          w={{ base: '100%', xs: 200 }}
        />
        <Checkbox
          label={t('mediaLibrary.unused')}
          checked={filters.unused}
          onChange={(event) => change({ unused: event.currentTarget.checked })}
          mb={8}
        />
        <SegmentedControl
          aria-label={t('mediaLibrary.view')}
          value={view}
          onChange={(value) => setView(value === 'table' ? 'table' : 'grid')}
          data={[
            { value: 'grid', label: t('mediaLibrary.grid') },
            { value: 'table', label: t('mediaLibrary.table') },
          ]}
        />
      </Group>
      <Text size="sm" aria-live="polite">
        {assets.isPending
          ? t('mediaLibrary.loading')
          : assets.isError
            ? t('mediaLibrary.loadFailed')
            : isExact
              ? t('mediaLibrary.total', { count: total, total: number(total) })
              : t('mediaLibrary.totalMore', { total: number(total) })}
      </Text>
      {assets.data && assets.data.assets.length === 0 ? <Text>{t('mediaLibrary.empty')}</Text> : null}
      {assets.data && assets.data.assets.length > 0 ? (
        view === 'grid' ? (
          <SimpleGrid cols={{ base: 2, sm: 4, md: 6 }} spacing="sm" component="ul" className="media-grid">
            {assets.data.assets.map((asset) => (
              <li key={asset.guid}>
                <UnstyledButton
                  className="media-card"
                  onClick={(event: MouseEvent<HTMLButtonElement>) => choose(asset, event.currentTarget)}
                >
                  <AssetPicture asset={asset} size={160} />
                  <Text size="sm" lineClamp={1}>
                    {asset.title || asset.fileName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {altLine(asset, locale, t)}
                  </Text>
                </UnstyledButton>
              </li>
            ))}
          </SimpleGrid>
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('mediaLibrary.columns.image')}</Table.Th>
                  <Table.Th>{t('mediaLibrary.columns.title')}</Table.Th>
                  <Table.Th>{t('mediaLibrary.columns.alt')}</Table.Th>
                  <Table.Th>{t('mediaLibrary.columns.size')}</Table.Th>
                  <Table.Th>{t('mediaLibrary.columns.uploadedBy')}</Table.Th>
                  <Table.Th>{t('mediaLibrary.columns.createdAt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {assets.data.assets.map((asset) => (
                  <Table.Tr key={asset.guid}>
                    <Table.Td>
                      <AssetPicture asset={asset} size={48} />
                    </Table.Td>
                    <Table.Th scope="row">
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        aria-label={t(onPick ? 'mediaLibrary.pick' : 'mediaLibrary.open', {
                          title: asset.title,
                        })}
                        onClick={(event: MouseEvent<HTMLButtonElement>) => choose(asset, event.currentTarget)}
                      >
                        {asset.title || asset.fileName}
                      </Button>
                      <Text size="xs" c="dimmed">
                        {asset.fileName}
                      </Text>
                    </Table.Th>
                    <Table.Td>{altLine(asset, locale, t)}</Table.Td>
                    <Table.Td>{formatFileSize(asset.size, locale)}</Table.Td>
                    <Table.Td>{asset.uploadedBy?.name ?? ''}</Table.Td>
                    <Table.Td>{formatMoment(asset.createdAt, locale)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )
      ) : null}
      {pages > 1 || page > 1 ? (
        <Group gap="sm">
          <Button variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('mediaLibrary.previous')}
          </Button>
          <Text size="sm">
            {isExact
              ? t('mediaLibrary.page', { page: number(page), pages: number(pages) })
              : t('mediaLibrary.pageOnly', { page: number(page) })}
          </Text>
          <Button variant="default" disabled={!hasNext} onClick={() => setPage(page + 1)}>
            {t('mediaLibrary.next')}
          </Button>
        </Group>
      ) : null}
      {editing ? (
        <AssetEditor
          asset={editing}
          onClose={() => {
            setEditing(null);
            requestAnimationFrame(() => opener.current?.focus());
          }}
          onChanged={refresh}
        />
      ) : null}
    </Stack>
  );
}

function thumbnail(asset: Asset): string {
  return imageUrl(asset.guid, { ...THUMBNAIL, v: asset.version });
}

/** An image's (or a PDF's first page's) thumbnail; another document's type, in letters (decorative). */
function AssetPicture({ asset, size }: { asset: Asset; size: number }) {
  if (asset.hasThumbnail)
    return <img src={thumbnail(asset)} alt="" width={size} height={size} loading="lazy" />;
  return (
    <span className="media-document-icon" aria-hidden="true" style={{ width: size, height: size }}>
      {documentLetters(asset.format)}
    </span>
  );
}

function altLine(asset: Asset, locale: Locale, t: (key: string) => string): string {
  if (isDocumentFormat(asset.format)) {
    return `${asset.format.toUpperCase()}, ${t(`mediaLibrary.languages.${asset.language ?? 'nl'}`)}`;
  }
  if (asset.isDecorative) return t('mediaLibrary.decorative');
  return asset.alt[locale] || asset.alt.nl || t('mediaLibrary.noAlt');
}

type UploadRow = { key: string; name: string; progress: number; error: string | null; isDone: boolean };

/** Several files at once: one upload each, a progress bar per file, a message per refused file. */
function Uploads({ onUploaded }: { onUploaded: () => void }) {
  const { t, i18n } = useTranslation();
  const locale: Locale = isLocale(i18n.language) ? i18n.language : 'nl';
  const [rows, setRows] = useState<UploadRow[]>([]);
  const update = (key: string, change: Partial<UploadRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const limit = formatFileSize(MAX_UPLOAD_BYTES, locale);
  const documentLimit = formatFileSize(MAX_DOCUMENT_BYTES, locale);

  async function send(files: File[]) {
    const added = files.map((file, index) => ({
      file,
      row: {
        key: `${Date.now()}-${index}-${file.name}`,
        name: file.name,
        progress: 0,
        error: null,
        isDone: false,
      },
    }));
    setRows((current) => [...added.map((entry) => entry.row), ...current].slice(0, 50));
    await Promise.all(
      added.map(async ({ file, row }) => {
        try {
          await uploadImage({
            file,
            purpose: 'library',
            language: locale,
            onProgress: (progress) => update(row.key, { progress }),
          });
          update(row.key, { progress: 1, isDone: true });
        } catch (error) {
          const reason = error instanceof UploadError ? error.reason : failureOf(0, null);
          const message =
            reason === 'tooLarge'
              ? t('mediaLibrary.tooLarge', { limit, documentLimit })
              : reason === 'type'
                ? t('mediaLibrary.wrongType')
                : error instanceof UploadError && reason === 'failed' && error.message
                  ? error.message
                  : t(`media.errors.${reason}`);
          update(row.key, { error: message });
        }
      }),
    );
    onUploaded();
  }

  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={(files) => void send(files)}
        onReject={(rejections) => void send(rejections.map((rejection) => rejection.file))}
        accept={ACCEPTED_TYPES}
        maxSize={MAX_DOCUMENT_BYTES}
        multiple
        aria-label={t('mediaLibrary.upload')}
      >
        <Text ta="center">{t('mediaLibrary.dropHint', { limit })}</Text>
        <Text ta="center" size="sm">
          {t('mediaLibrary.dropHintDocuments', { limit: documentLimit })}
        </Text>
      </Dropzone>
      {rows.length > 0 ? (
        <Stack gap={4} component="ul" className="media-uploads" aria-live="polite">
          {rows.map((row) => (
            <li key={row.key}>
              {row.error ? (
                <Text size="sm" c="red.8" role="alert">
                  {t('mediaLibrary.refused', { name: row.name, reason: row.error })}
                </Text>
              ) : (
                <>
                  <Text size="sm">
                    {t(row.isDone ? 'mediaLibrary.uploaded' : 'mediaLibrary.uploading', { name: row.name })}
                  </Text>
                  <Progress
                    value={Math.round(row.progress * 100)}
                    aria-label={t('mediaLibrary.uploading', { name: row.name })}
                  />
                </>
              )}
            </li>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

/** One image's details: texts, decorative, focal point by click or arrow keys, where used, file. */
export function AssetEditor({
  asset,
  onClose,
  onChanged,
}: {
  asset: Asset;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale: Locale = isLocale(i18n.language) ? i18n.language : 'nl';
  const run = useTask();
  const [current, setCurrent] = useState(asset);
  const isDocument = isDocumentFormat(asset.format);
  const [language, setLanguage] = useState<DocumentLanguage>(asset.language ?? 'nl');
  const [draft, setDraft] = useState(() => ({
    title: asset.title,
    alt: { ...asset.alt },
    isDecorative: asset.isDecorative,
    caption: { ...asset.caption },
    credit: asset.credit,
    tags: asset.tags,
    focalX: asset.focalX,
    focalY: asset.focalY,
  }));
  const [deleting, setDeleting] = useState(false);
  const focalId = useId();
  const canEdit = current.abilities.update;
  const uses = useQuery({
    queryKey: ['media', 'uses', asset.guid],
    queryFn: () => unwrap(api.GET('/api/media/{guid}/uses', { params: { path: { guid: asset.guid } } })),
  });

  async function save() {
    const saved = await run(t('mediaLibrary.edit.saved'), () =>
      unwrap(
        api.PATCH('/api/media/{guid}', {
          params: { path: { guid: asset.guid } },
          // A document has a language and no picture to describe (issue 27).
          body: isDocument ? { title: draft.title, tags: draft.tags, language } : draft,
        }),
      ),
    );
    if (saved) {
      setCurrent(saved);
      onChanged();
    }
  }

  async function replace(file: File | null) {
    if (!file) return;
    const replaced = await run(t('mediaLibrary.edit.replaced'), () => replaceFile(asset.guid, file, locale));
    if (replaced) {
      setCurrent(replaced);
      onChanged();
    }
  }

  async function remove() {
    const isUsed = (uses.data?.uses.length ?? 0) > 0;
    const done = await run(t('mediaLibrary.deleteQuestion.done'), () =>
      unwrap(
        api.DELETE('/api/media/{guid}', {
          params: { path: { guid: asset.guid }, query: isUsed ? { force: 'true' } : {} },
        }),
      ).then(() => true),
    );
    if (done) {
      onChanged();
      onClose();
    }
  }

  const setFocal = (x: number, y: number) =>
    setDraft((value) => ({
      ...value,
      focalX: Math.round(Math.min(1, Math.max(0, x)) * 100) / 100,
      focalY: Math.round(Math.min(1, Math.max(0, y)) * 100) / 100,
    }));
  const onFocalClick = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setFocal((event.clientX - box.left) / box.width, (event.clientY - box.top) / box.height);
  };
  const onFocalKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.shiftKey ? 0.1 : 0.02;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    setFocal(draft.focalX + move[0], draft.focalY + move[1]);
  };
  const focalText = t('mediaLibrary.edit.focalValue', {
    x: Math.round(draft.focalX * 100),
    y: Math.round(draft.focalY * 100),
  });

  return (
    <Modal opened onClose={onClose} title={t('mediaLibrary.edit.title')} size="xl">
      <Stack gap="sm">
        <Text size="sm">
          {current.fileName} —{' '}
          {isDocument
            ? t('mediaLibrary.edit.documentDetails', {
                size: formatFileSize(current.size, locale),
                format: current.format.toUpperCase(),
              })
            : t('mediaLibrary.edit.details', {
                width: current.width,
                height: current.height,
                size: formatFileSize(current.size, locale),
                format: current.format.toUpperCase(),
              })}
        </Text>
        {isDocument && current.hasThumbnail ? (
          <img
            className="media-document-preview"
            src={imageUrl(current.guid, { width: 400, v: current.version })}
            alt=""
          />
        ) : null}
        <div hidden={isDocument}>
          <Text fw={500} id={focalId}>
            {t('mediaLibrary.edit.focal')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('mediaLibrary.edit.focalHint')}
          </Text>
          <UnstyledButton
            className="media-focal"
            aria-labelledby={focalId}
            aria-describedby={`${focalId}-value`}
            disabled={!canEdit}
            onClick={onFocalClick}
            onKeyDown={onFocalKey}
          >
            <img src={imageUrl(current.guid, { width: 800, v: current.version })} alt="" />
            <span
              className="media-focal-point"
              style={{ left: `${draft.focalX * 100}%`, top: `${draft.focalY * 100}%` }}
            />
          </UnstyledButton>
          <Text size="xs" id={`${focalId}-value`} aria-live="polite">
            {focalText}
          </Text>
        </div>
        {canEdit ? null : <Alert color="gray">{t('mediaLibrary.edit.readOnly')}</Alert>}
        <TextInput
          label={t('mediaLibrary.edit.name')}
          value={draft.title}
          disabled={!canEdit}
          onChange={(event) => setDraft({ ...draft, title: event.currentTarget.value })}
        />
        {isDocument ? (
          <Select
            label={t('mediaLibrary.edit.language')}
            data={DOCUMENT_LANGUAGES.map((value) => ({
              value,
              label: t(`mediaLibrary.languages.${value}`),
            }))}
            value={language}
            allowDeselect={false}
            disabled={!canEdit}
            onChange={(value) => setLanguage((value ?? 'nl') as DocumentLanguage)}
          />
        ) : null}
        <div hidden={isDocument}>
          <Checkbox
            label={t('mediaLibrary.edit.isDecorative')}
            checked={draft.isDecorative}
            disabled={!canEdit}
            onChange={(event) => setDraft({ ...draft, isDecorative: event.currentTarget.checked })}
          />
          {draft.isDecorative ? null : (
            <>
              <GrowingTextarea
                label={t('mediaLibrary.edit.altNl')}
                description={t('mediaLibrary.edit.altHint')}
                value={draft.alt.nl}
                disabled={!canEdit}
                onChange={(event) =>
                  setDraft({ ...draft, alt: { ...draft.alt, nl: event.currentTarget.value } })
                }
              />
              <GrowingTextarea
                label={t('mediaLibrary.edit.altEn')}
                value={draft.alt.en}
                disabled={!canEdit}
                onChange={(event) =>
                  setDraft({ ...draft, alt: { ...draft.alt, en: event.currentTarget.value } })
                }
              />
            </>
          )}
          <TextInput
            label={t('mediaLibrary.edit.captionNl')}
            value={draft.caption.nl}
            disabled={!canEdit}
            onChange={(event) =>
              setDraft({ ...draft, caption: { ...draft.caption, nl: event.currentTarget.value } })
            }
          />
          <TextInput
            label={t('mediaLibrary.edit.captionEn')}
            value={draft.caption.en}
            disabled={!canEdit}
            onChange={(event) =>
              setDraft({ ...draft, caption: { ...draft.caption, en: event.currentTarget.value } })
            }
          />
          <TextInput
            label={t('mediaLibrary.edit.credit')}
            value={draft.credit}
            disabled={!canEdit}
            onChange={(event) => setDraft({ ...draft, credit: event.currentTarget.value })}
          />
        </div>
        <TagsInput
          label={t('mediaLibrary.edit.tags')}
          value={draft.tags}
          disabled={!canEdit}
          onChange={(tags) => setDraft({ ...draft, tags })}
        />
        <section aria-labelledby={`${focalId}-uses`}>
          <Text fw={500} id={`${focalId}-uses`}>
            {t('mediaLibrary.uses.title')}
          </Text>
          {uses.data ? (
            uses.data.uses.length === 0 ? (
              <Text size="sm">{t('mediaLibrary.uses.none')}</Text>
            ) : (
              <ul className="media-uses">
                {uses.data.uses.map((use) => (
                  <li key={`${use.kind}-${use.guid ?? use.key}-${use.isDraft}`}>
                    {labelOfUse(use, locale, t)}
                  </li>
                ))}
              </ul>
            )
          ) : (
            <Text size="sm">{t('mediaLibrary.loading')}</Text>
          )}
        </section>
        <Group gap="sm" wrap="wrap">
          {canEdit ? <Button onClick={() => void save()}>{t('mediaLibrary.edit.save')}</Button> : null}
          {current.abilities.replace ? (
            <FileButton
              onChange={(file) => void replace(file)}
              accept={Object.values(isDocument ? DOCUMENT_MIME_TYPES : IMAGE_MIME_TYPES).join(',')}
            >
              {(props) => (
                <Button variant="default" {...props}>
                  {t('mediaLibrary.edit.replace')}
                </Button>
              )}
            </FileButton>
          ) : null}
          <Button component="a" variant="default" href={`/api/media/${current.guid}/original`} download>
            {t('mediaLibrary.edit.download')}
          </Button>
          {current.abilities.delete ? (
            <Button color="red" variant="outline" onClick={() => setDeleting(true)}>
              {t('mediaLibrary.edit.delete')}
            </Button>
          ) : null}
        </Group>
      </Stack>
      <Modal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={t('mediaLibrary.deleteQuestion.title')}
      >
        <Stack gap="sm">
          <Text>
            {(uses.data?.uses.length ?? 0) > 0
              ? t('mediaLibrary.deleteQuestion.used', {
                  title: current.title,
                  count: uses.data?.uses.length ?? 0,
                })
              : t('mediaLibrary.deleteQuestion.unused', { title: current.title })}
          </Text>
          <Group gap="sm" justify="flex-end">
            <Button variant="default" data-autofocus onClick={() => setDeleting(false)}>
              {t('mediaLibrary.deleteQuestion.cancel')}
            </Button>
            <Button color="red.8" onClick={() => void remove()}>
              {t('mediaLibrary.deleteQuestion.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Modal>
  );
}

function labelOfUse(
  use: AssetUse,
  locale: Locale,
  t: (key: string, values?: Record<string, unknown>) => string,
) {
  const title = use.title ? use.title[locale] || use.title.nl : '';
  switch (use.kind) {
    case 'page':
      return t(
        use.isDraft
          ? 'mediaLibrary.uses.draft'
          : use.isTemplate
            ? 'mediaLibrary.uses.template'
            : 'mediaLibrary.uses.page',
        { title },
      );
    case 'setting':
      return t('mediaLibrary.uses.setting', { key: use.key ?? '' });
    default:
      return t(`mediaLibrary.uses.${use.kind}`, { title });
  }
}

/** A new file for an asset (multipart field Image), through fetch with the XSRF header. */
async function replaceFile(guid: string, file: File, locale: Locale): Promise<Asset> {
  const body = new FormData();
  body.append('Image', file);
  const xsrf = document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/)?.[1];
  const response = await fetch(`/api/media/${guid}/file?lang=${locale}`, {
    method: 'POST',
    body,
    headers: xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {},
  });
  const json = (await response.json().catch(() => null)) as
    | (Asset & { error?: { code: string; message: string } })
    | null;
  if (!response.ok) {
    throw new ApiError(
      response.status,
      (json?.error?.code ?? null) as never,
      json?.error?.message ?? '',
      json,
    );
  }
  return json as Asset;
}
