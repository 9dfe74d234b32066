import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  copyDutchToEnglish,
  FORM_FIELD_KINDS,
  type FormDefinition,
  type FormField,
  type FormFieldKind,
  formDefinitionSchema,
  missingEnglish,
  newFieldKey,
} from '../../../common/forms/index';
import type { FormSettings } from '../../../common/forms/settings';
import { issueMessage } from '../../../common/issues';
import { type Locale, pickLocale } from '../../../common/localized-text';
import { formatMoment } from '../../account/format';
import { accountMeta } from '../../account/meta';
import { useTask } from '../../account/tasks';
import { ApiError, api, unwrap } from '../../api/client';
import { FormPreview } from '../../blocks/Form/View';
import { AdminPage } from '../../components/admin/AdminPage';
import { type DraftErrors, FieldEditor } from '../../components/admin/forms/FieldEditor';
import { SettingsPanel } from '../../components/admin/forms/SettingsPanel';
import { StatusPage } from '../../components/StatusPage';
import { fieldErrors } from '../../components/site-admin/field-errors';
import { type TFunction, useTranslation } from '../../i18n';
import type { Route } from './+types/form-builder';
import '../../i18n/admin';

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, 'adminForms.builder.title');
}

const formQuery = (guid: string) => ({
  queryKey: ['admin', 'forms', 'one', guid] as const,
  queryFn: () => unwrap(api.GET('/api/forms/{guid}', { params: { path: { guid } } })),
});

/** A new question of a kind, with what that kind needs to be valid once labelled. */
function newField(definition: FormDefinition, kind: FormFieldKind, label: string): FormField {
  const field: FormField = {
    key: newFieldKey(definition, kind),
    kind,
    label: { nl: label },
    required: false,
  };
  if (kind === 'singleChoice' || kind === 'multipleChoice' || kind === 'dropdown') {
    // Choices start empty (issue 26): the editor gives them texts before the draft is saved, so
    // no placeholder ("Optie 1", "Option 1") ever reaches a visitor.
    field.options = [
      { value: '', label: { nl: '' } },
      { value: '', label: { nl: '' } },
    ];
  }
  if (kind === 'scale') field.scaleMax = 5;
  return field;
}

/** The draft's problems by path (`fields.2.label.nl`) in the user's language, as the server would name them. */
function draftProblems(definition: FormDefinition, t: TFunction): DraftErrors {
  const parsed = formDefinitionSchema.safeParse(definition);
  if (parsed.success) return {};
  return Object.fromEntries(
    parsed.error.issues.map((issue) => {
      const message = issueMessage(issue as never);
      return [issue.path.join('.'), t(message.key, message.params ?? {})];
    }),
  );
}

/**
 * SPEC 2 `admin/forms/view/{guid}`: the builder. Questions are edited as a draft beside a live
 * preview in either language; publishing makes the draft the next immutable version. Settings
 * (when, who, what happens) and the list of versions sit in their own tabs.
 */
export default function FormBuilderPage({ params }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const run = useTask();
  const query = useQuery(formQuery(params.guid));
  const form = query.data;
  const [draft, setDraft] = useState<FormDefinition | null>(null);
  const [dirty, setDirty] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [showErrors, setShowErrors] = useState(false);
  const [previewLocale, setPreviewLocale] = useState<Locale>('nl');
  const [newKind, setNewKind] = useState<FormFieldKind>('shortText');
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const uiLocale: Locale = i18n.language === 'en' ? 'en' : 'nl';

  useEffect(() => {
    if (form && draft === null) setDraft(form.draft);
  }, [form, draft]);
  // Leaving with unsaved questions asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  if (query.error) {
    const status = query.error instanceof ApiError ? query.error.status : 500;
    return (
      <StatusPage
        title={t(status === 404 ? 'status.notFound.title' : 'status.error.title')}
        text={t(status === 404 ? 'adminForms.builder.notFound' : 'status.error.text')}
        status={status}
      />
    );
  }
  if (!form || !draft) {
    return (
      <AdminPage title={t('adminForms.builder.title')}>
        <Text>{t('table.loading')}</Text>
      </AdminPage>
    );
  }

  const errors = showErrors ? { ...draftProblems(draft, t), ...serverErrors } : {};
  const change = (next: FormDefinition) => {
    setDraft(next);
    setDirty(true);
    setServerErrors({});
  };
  const labelOf = (field: FormField) =>
    pickLocale(field.label, uiLocale) || t(`adminForms.kinds.${field.kind}`);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= draft.fields.length) return;
    const moved = draft.fields[from];
    change({ fields: arrayMove(draft.fields, from, to) });
    if (moved)
      setAnnouncement(
        t('adminForms.builder.moved', {
          label: labelOf(moved),
          position: to + 1,
          total: draft.fields.length,
        }),
      );
  };
  const focusRow = (key: string, control: string) =>
    requestAnimationFrame(() =>
      listRef.current?.querySelector<HTMLElement>(`[data-key="${key}"] [data-control="${control}"]`)?.focus(),
    );

  const saveDraft = async () => {
    const problems = draftProblems(draft, t);
    setShowErrors(true);
    if (Object.keys(problems).length > 0) {
      const first = Object.keys(problems)[0] ?? '';
      const index = Number(first.split('.')[1]);
      const key = draft.fields[index]?.key;
      if (key) {
        setOpen(key);
        requestAnimationFrame(() =>
          document.querySelector<HTMLElement>('.form-field-editor [aria-invalid="true"]')?.focus(),
        );
      }
      return false;
    }
    const saved = await run(t('adminForms.tasks.save'), async () => {
      try {
        return await unwrap(
          api.PUT('/api/forms/{guid}', { params: { path: { guid: form.guid } }, body: { draft } }),
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) {
          setServerErrors(
            Object.fromEntries(
              Object.entries(fieldErrors(error)).map(([path, message]) => [
                path.replace(/^body\/draft\//, '').replaceAll('/', '.'),
                message,
              ]),
            ),
          );
          return undefined;
        }
        throw error;
      }
    });
    if (!saved) return false;
    queryClient.setQueryData(formQuery(form.guid).queryKey, saved);
    setDirty(false);
    return true;
  };

  const publish = async () => {
    if (dirty && !(await saveDraft())) return;
    const published = await run(t('adminForms.tasks.publish'), async () => {
      try {
        return await unwrap(api.POST('/api/forms/{guid}/publish', { params: { path: { guid: form.guid } } }));
      } catch (error) {
        // The notice names what stops the publication (no questions, a list item question gone).
        const reasons = Object.values(fieldErrors(error));
        if (error instanceof ApiError && reasons.length > 0) {
          throw new ApiError(error.status, error.code, reasons.join(' '), error.body);
        }
        throw error;
      }
    });
    if (published) {
      queryClient.setQueryData(formQuery(form.guid).queryKey, published);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'forms'] });
      setAnnouncement(t('adminForms.builder.published', { version: published.currentVersion }));
    }
  };

  const saveSettings = async (settings: FormSettings) => {
    const saved = await run(t('adminForms.tasks.settings'), async () => {
      try {
        return await unwrap(
          api.PUT('/api/forms/{guid}', { params: { path: { guid: form.guid } }, body: { settings } }),
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) {
          setServerErrors(fieldErrors(error));
          return undefined;
        }
        throw error;
      }
    });
    if (saved) {
      setServerErrors({});
      queryClient.setQueryData(formQuery(form.guid).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'forms'] });
    }
  };

  const addField = () => {
    const field = newField(draft, newKind, t(`adminForms.kinds.${newKind}`));
    change({ fields: [...draft.fields, field] });
    setOpen(field.key);
    focusRow(field.key, 'toggle');
  };

  const status =
    form.currentVersion === null
      ? t('adminForms.builder.neverPublished')
      : form.hasUnpublishedChanges || dirty
        ? t('adminForms.builder.unpublishedChanges', { version: form.currentVersion })
        : t('adminForms.builder.upToDate', { version: form.currentVersion });

  return (
    <AdminPage
      title={form.title}
      description={status}
      actions={
        <Group gap="xs">
          <Badge variant="light">{t('adminShell.beta')}</Badge>
          <Anchor component={Link} to={`/admin/forms/${form.guid}`}>
            {t('adminForms.builder.submissions', { count: form.submissionCount })}
          </Anchor>
        </Group>
      }
    >
      <div className="visually-hidden" aria-live="polite">
        {announcement}
      </div>
      <Tabs defaultValue="questions" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="questions">{t('adminForms.builder.questions')}</Tabs.Tab>
          <Tabs.Tab value="settings">{t('adminForms.builder.settings')}</Tabs.Tab>
          <Tabs.Tab value="versions">{t('adminForms.builder.versions')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="questions" pt="md">
          <Group gap="sm" mb="md">
            <Button onClick={() => void saveDraft()} disabled={!dirty} variant="default">
              {t('adminForms.builder.saveDraft')}
            </Button>
            <Button onClick={() => void publish()} disabled={!dirty && !form.hasUnpublishedChanges}>
              {t('adminForms.builder.publish')}
            </Button>
            {dirty ? (
              <Text size="sm" c="dimmed">
                {t('adminForms.builder.unsaved')}
              </Text>
            ) : null}
          </Group>
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Stack gap="sm">
                {draft.fields.length === 0 ? (
                  <Alert variant="light">{t('adminForms.builder.empty')}</Alert>
                ) : null}
                <EnglishSummary
                  draft={draft}
                  onCopyAll={() => {
                    change({ fields: draft.fields.map(copyDutchToEnglish) });
                    setAnnouncement(t('adminForms.builder.copiedToEnglish'));
                  }}
                />
                <FieldList
                  listRef={listRef}
                  draft={draft}
                  open={open}
                  errors={errors}
                  labelOf={labelOf}
                  onToggle={(key) => setOpen(open === key ? null : key)}
                  onMove={move}
                  onDragMove={(from, to) => move(from, to)}
                  onChange={(index, field) =>
                    change({ fields: draft.fields.map((entry, at) => (at === index ? field : entry)) })
                  }
                  onRemove={(index) => {
                    const removed = draft.fields[index];
                    change({ fields: draft.fields.filter((_, at) => at !== index) });
                    if (removed)
                      setAnnouncement(t('adminForms.builder.removed', { label: labelOf(removed) }));
                    const next = draft.fields[index + 1] ?? draft.fields[index - 1];
                    if (next) focusRow(next.key, 'toggle');
                    else requestAnimationFrame(() => document.getElementById('form-new-kind')?.focus());
                  }}
                  onFocusRow={focusRow}
                />
                <Group gap="xs" align="flex-end">
                  <Select
                    id="form-new-kind"
                    label={t('adminForms.builder.newKind')}
                    data={FORM_FIELD_KINDS.map((kind) => ({
                      value: kind,
                      label: t(`adminForms.kinds.${kind}`),
                    }))}
                    value={newKind}
                    allowDeselect={false}
                    onChange={(kind) => setNewKind((kind ?? 'shortText') as FormFieldKind)}
                  />
                  <Button variant="light" onClick={addField}>
                    {t('adminForms.builder.add')}
                  </Button>
                </Group>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Paper withBorder p="md" className="form-builder-preview">
                <Group justify="space-between" mb="sm" wrap="wrap">
                  <Title order={2} size="h4">
                    {t('adminForms.builder.preview')}
                  </Title>
                  <SegmentedControl
                    size="xs"
                    aria-label={t('adminForms.builder.previewLanguage')}
                    data={[
                      { value: 'nl', label: 'Nederlands' },
                      { value: 'en', label: 'English' },
                    ]}
                    value={previewLocale}
                    onChange={(value) => setPreviewLocale(value as Locale)}
                  />
                </Group>
                {draft.fields.length === 0 ? (
                  <Text c="dimmed" size="sm">
                    {t('adminForms.builder.previewEmpty')}
                  </Text>
                ) : (
                  <FormPreview definition={draft} locale={previewLocale} />
                )}
              </Paper>
            </Grid.Col>
          </Grid>
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          <SettingsPanel
            initial={form.settings}
            questions={form.draft.fields}
            namedRoles={form.roles}
            canChangeRights={form.abilities.changeRights}
            serverErrors={serverErrors}
            onSave={saveSettings}
          />
        </Tabs.Panel>
        <Tabs.Panel value="versions" pt="md">
          <VersionsTable form={form} />
        </Tabs.Panel>
      </Tabs>
    </AdminPage>
  );
}

/** How many questions lack English texts (issue 26), with one action that copies the Dutch ones. */
function EnglishSummary({ draft, onCopyAll }: { draft: FormDefinition; onCopyAll(): void }) {
  const { t } = useTranslation();
  const count = draft.fields.filter((field) => missingEnglish(field).length > 0).length;
  if (count === 0) return null;
  return (
    <Alert variant="light" color="yellow" className="form-english-summary">
      <Text size="sm">{t('adminForms.builder.missingEnglishSummary', { count })}</Text>
      <Button size="compact-sm" variant="default" mt="xs" onClick={onCopyAll}>
        {t('adminForms.builder.copyAllToEnglish')}
      </Button>
    </Alert>
  );
}

function FieldList({
  listRef,
  draft,
  open,
  errors,
  labelOf,
  onToggle,
  onMove,
  onDragMove,
  onChange,
  onRemove,
  onFocusRow,
}: {
  listRef: React.RefObject<HTMLOListElement | null>;
  draft: FormDefinition;
  open: string | null;
  errors: DraftErrors;
  labelOf(field: FormField): string;
  onToggle(key: string): void;
  onMove(from: number, to: number): void;
  onDragMove(from: number, to: number): void;
  onChange(index: number, field: FormField): void;
  onRemove(index: number): void;
  onFocusRow(key: string, control: string): void;
}) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const keys = draft.fields.map((field) => field.key);
  const nameOf = (id: string | number | undefined) => {
    const field = draft.fields.find((entry) => entry.key === id);
    return field ? labelOf(field) : '';
  };
  function dragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onDragMove(keys.indexOf(String(active.id)), keys.indexOf(String(over.id)));
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dragEnd}
      accessibility={{
        announcements: {
          onDragStart: ({ active }) => t('adminForms.builder.dragStart', { label: nameOf(active.id) }),
          onDragOver: ({ active, over }) =>
            t('adminForms.builder.dragOver', { label: nameOf(active.id), over: nameOf(over?.id) }),
          onDragEnd: ({ active, over }) =>
            t('adminForms.builder.dragEnd', { label: nameOf(active.id), over: nameOf(over?.id) }),
          onDragCancel: ({ active }) => t('adminForms.builder.dragCancel', { label: nameOf(active.id) }),
        },
        screenReaderInstructions: { draggable: t('adminForms.builder.dragInstructions') },
      }}
    >
      <SortableContext items={keys} strategy={verticalListSortingStrategy}>
        <ol className="form-builder-fields" ref={listRef} aria-label={t('adminForms.builder.questions')}>
          {draft.fields.map((field, index) => (
            <FieldRow
              key={field.key}
              field={field}
              index={index}
              total={draft.fields.length}
              isOpen={open === field.key}
              hasError={Object.keys(errors).some((path) => path.startsWith(`fields.${index}.`))}
              label={labelOf(field)}
              onToggle={() => onToggle(field.key)}
              onMove={(to) => {
                onMove(index, to);
                // The same arrow keeps the focus, unless the question reached the end it points to.
                const edge = to === 0 ? 'down' : to === draft.fields.length - 1 ? 'up' : null;
                onFocusRow(field.key, edge ?? (to < index ? 'up' : 'down'));
              }}
              onRemove={() => onRemove(index)}
            >
              <FieldEditor
                definition={draft}
                index={index}
                errors={errors}
                onChange={(next) => onChange(index, next)}
              />
            </FieldRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function FieldRow({
  field,
  index,
  total,
  isOpen,
  hasError,
  label,
  onToggle,
  onMove,
  onRemove,
  children,
}: {
  field: FormField;
  index: number;
  total: number;
  isOpen: boolean;
  hasError: boolean;
  label: string;
  onToggle(): void;
  onMove(to: number): void;
  onRemove(): void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: field.key,
    });
  const panelId = `form-field-panel-${field.key}`;
  return (
    <li
      ref={setNodeRef}
      data-key={field.key}
      className={`form-builder-field${field.kind === 'pageBreak' ? ' is-break' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      <Paper withBorder p="xs" className={hasError ? 'has-error' : undefined}>
        <Group gap="xs" wrap="nowrap" align="center">
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            aria-label={t('adminForms.builder.dragHandle', { label })}
            {...attributes}
            {...listeners}
          >
            <span aria-hidden="true">⠿</span>
          </ActionIcon>
          <Button
            variant="subtle"
            color={hasError ? 'red' : 'dark'}
            className="form-builder-toggle"
            data-control="toggle"
            aria-expanded={isOpen}
            aria-controls={panelId}
            onClick={onToggle}
            justify="flex-start"
            fullWidth
          >
            <span className="form-builder-label">
              {label}
              {field.required ? ' *' : ''}
            </span>
          </Button>
          <Badge variant="light" size="sm" className="form-builder-kind" visibleFrom="sm">
            {t(`adminForms.kinds.${field.kind}`)}
          </Badge>
          {missingEnglish(field).length > 0 ? (
            <Badge variant="light" size="sm" color="yellow" c="dark.7" className="form-builder-english">
              {t('adminForms.builder.missingEnglish')}
            </Badge>
          ) : null}
          {field.showWhen ? (
            <Badge variant="outline" size="sm" color="grape" visibleFrom="sm">
              {t('adminForms.builder.conditional')}
            </Badge>
          ) : null}
          <ActionIcon
            variant="subtle"
            data-control="up"
            disabled={index === 0}
            aria-label={t('adminForms.builder.moveUp', { label })}
            onClick={() => onMove(index - 1)}
          >
            <span aria-hidden="true">↑</span>
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            data-control="down"
            disabled={index === total - 1}
            aria-label={t('adminForms.builder.moveDown', { label })}
            onClick={() => onMove(index + 1)}
          >
            <span aria-hidden="true">↓</span>
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('adminForms.builder.remove', { label })}
            onClick={onRemove}
          >
            <span aria-hidden="true">×</span>
          </ActionIcon>
        </Group>
        <div id={panelId} hidden={!isOpen} className="form-builder-panel">
          {isOpen ? children : null}
        </div>
      </Paper>
    </li>
  );
}

function VersionsTable({
  form,
}: {
  form: {
    guid: string;
    versions: {
      version: number;
      publishedAt: string;
      fieldCount: number;
      submissionCount: number;
      changes: {
        added: string[];
        removed: string[];
        changed: string[];
        labels: Record<string, { nl: string; en?: string | undefined }>;
      };
    }[];
  };
}) {
  const { t, i18n } = useTranslation();
  if (form.versions.length === 0) return <Alert variant="light">{t('adminForms.builder.noVersions')}</Alert>;
  const uiLocale: Locale = i18n.language === 'en' ? 'en' : 'nl';
  // Questions by their text (issue 26): "Toegevoegd: Telefoonnummer", not "phone_1".
  const list = (keys: string[], labels: Record<string, { nl: string; en?: string | undefined }>) =>
    keys.length === 0
      ? '–'
      : keys.map((key) => (labels[key] ? pickLocale(labels[key], uiLocale) : key)).join(', ');
  return (
    <div className="table-scroll">
      <Table striped withTableBorder>
        <Table.Caption>{t('adminForms.builder.versions')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('adminForms.columns.version')}</Table.Th>
            <Table.Th scope="col">{t('adminForms.builder.publishedAt')}</Table.Th>
            <Table.Th scope="col">{t('adminForms.builder.changes')}</Table.Th>
            <Table.Th scope="col">{t('adminForms.columns.submissions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {form.versions.map((version) => (
            <Table.Tr key={version.version}>
              <Table.Th scope="row">{version.version}</Table.Th>
              <Table.Td>{formatMoment(version.publishedAt, i18n.language)}</Table.Td>
              <Table.Td>
                <Text size="sm">
                  {t('adminForms.builder.added', {
                    keys: list(version.changes.added, version.changes.labels),
                  })}
                </Text>
                <Text size="sm">
                  {t('adminForms.builder.changed', {
                    keys: list(version.changes.changed, version.changes.labels),
                  })}
                </Text>
                <Text size="sm">
                  {t('adminForms.builder.removedKeys', {
                    keys: list(version.changes.removed, version.changes.labels),
                  })}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap="xs">
                  <Anchor component={Link} to={`/admin/forms/${form.guid}?version=${version.version}`}>
                    {version.submissionCount}
                    <span className="visually-hidden">
                      {' '}
                      {t('adminForms.builder.submissionsOfVersion', { version: version.version })}
                    </span>
                  </Anchor>
                  <Anchor component={Link} to={`/admin/forms/${form.guid}/${version.version}/dashboard`}>
                    {t('adminForms.builder.dashboard')}
                    <span className="visually-hidden">
                      {' '}
                      {t('adminForms.builder.ofVersion', { version: version.version })}
                    </span>
                  </Anchor>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
