import { Alert, Drawer, Group, Loader } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type BlockTypeName, isBlockTypeName } from '../../../common/blocks/index';
import { type BlockPermissions, readBlockPermissions } from '../../../common/blocks/permissions';
import type { PageView } from '../../../common/site';
import { errorMessage, useTask } from '../../account/tasks';
import { ApiError, api, unwrap } from '../../api/client';
import { useTranslation } from '../../i18n';
import { useCloseGuard } from '../close-guard';
import { type BlockDraft, BlockForm, type BlockValues, newBlockDraft, storedBlockDraft } from './BlockForm';
import { documentWithBlock, documentWithBlockInColumn, documentWithChangedBlock } from './block-editing';
import { useDraft } from './draft';
import type { EditTarget } from './EditableBlocks';
import '../../i18n/editor';

/** SPEC 9: the edit drawer uses an overlay below this width; above it the page stays usable beside it. */
const OVERLAY_BELOW = 1556;

/**
 * Who may add items to a list or widget is not part of the draft: it is set on the published block
 * and counts at once. Null while the block exists only in the draft (it can be set once published).
 */
const livePermissionsQuery = (guid: string) => ({
  queryKey: ['blocks', guid, 'permissions'] as const,
  queryFn: async (): Promise<BlockPermissions | null> => {
    try {
      const block = await unwrap(
        api.GET('/api/buildingblockinstance/{guid}', { params: { path: { guid } } }),
      );
      return readBlockPermissions(block.options);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
});

/**
 * The editor of one block, in a drawer: its content per language (Dutch and English tabs; English
 * is optional and falls back to Dutch), its options, and for images the upload. The type's own
 * fields come from its editor (web/blocks/<Type>/Editor.tsx). Saving runs as a task (busy notice
 * after 1 s, done notice, failure with retry); `onSaved` then reloads the page's data.
 */
export default function BlockEditorDrawer({
  page,
  target,
  onSaved,
  onClose,
}: {
  page: PageView;
  target: EditTarget;
  onSaved(input: { guid: string; keepOpen: boolean }): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const isWide = useMediaQuery(`(min-width: ${OVERLAY_BELOW}px)`) ?? false;
  // Closing with unsaved changes ("Sluit", Escape, the close button, a click beside it) asks first.
  const [isDirty, setDirty] = useState(false);
  const { close, closeOnEscape, question } = useCloseGuard(isDirty, onClose);
  const { draft, error } = useDraft(page.guid);
  const block =
    target.kind === 'edit' ? draft?.document.blocks.find((item) => item.guid === target.guid) : undefined;
  const hasPermissions = target.kind === 'edit' && (target.name === 'list' || target.name === 'widget');
  const permissions = useQuery({
    ...livePermissionsQuery(target.kind === 'edit' ? target.guid : ''),
    enabled: hasPermissions,
  });
  const typeName = t(`blockEditor.types.${target.name}`);
  const title =
    target.kind === 'create'
      ? t('blockEditor.createTitle', { type: typeName })
      : t('blockEditor.editTitle', { type: typeName });

  let body: React.ReactNode;
  if (target.kind === 'create') {
    body = (
      <PageBlockForm
        key={`${target.name}@${target.position}`}
        page={page}
        target={target}
        initial={newBlockDraft(target.name)}
        title={title}
        onSaved={onSaved}
        onClose={close}
        onDirtyChange={setDirty}
      />
    );
  } else if (block && isBlockTypeName(block.name) && (!hasPermissions || permissions.isSuccess)) {
    body = (
      <PageBlockForm
        key={target.guid}
        page={page}
        target={target}
        initial={storedBlockDraft(block.name, block, permissions.data ?? null)}
        title={title}
        onSaved={onSaved}
        onClose={close}
        onDirtyChange={setDirty}
      />
    );
  } else if (error || permissions.error || draft) {
    body = (
      <Alert color="red" role="alert">
        {errorMessage(error ?? permissions.error, t('blockEditor.loadFailed'))}
      </Alert>
    );
  } else {
    body = (
      <Group justify="center" p="lg">
        <Loader size="sm" aria-label={t('table.loading')} />
      </Group>
    );
  }

  return (
    <Drawer
      opened
      onClose={close}
      closeOnEscape={closeOnEscape}
      position="right"
      size="lg"
      title={title}
      withOverlay={!isWide}
      lockScroll={!isWide}
      closeButtonProps={{ 'aria-label': t('buttons.close') }}
      className="block-editor-drawer"
    >
      {body}
      {question}
    </Drawer>
  );
}

/** The page's draft gets the block; who may add items (lists, widgets) is saved on the published block. */
function PageBlockForm<N extends BlockTypeName>({
  page,
  target,
  initial,
  title,
  onSaved,
  onClose,
  onDirtyChange,
}: {
  page: PageView;
  target: EditTarget;
  initial: BlockDraft<N>;
  title: string;
  onSaved(input: { guid: string; keepOpen: boolean }): Promise<void>;
  onClose(): void;
  onDirtyChange(isDirty: boolean): void;
}) {
  const { t } = useTranslation();
  const run = useTask();
  const { change } = useDraft(page.guid);
  const { name } = initial;
  const typeName = t(`blockEditor.types.${String(name)}`);

  async function save({ content, options, permissions }: BlockValues, onError: (error: unknown) => void) {
    const guid = target.kind === 'create' ? crypto.randomUUID() : target.guid;
    const saved = await change(
      t('blockEditor.tasks.save', { type: typeName }),
      (document) =>
        target.kind === 'create'
          ? target.parent
            ? documentWithBlockInColumn(
                document,
                { guid, name, position: target.position, content, options },
                target.parent,
                target.index,
              )
            : documentWithBlock(
                document,
                { guid, name, position: target.position, content, options },
                target.index,
              )
          : documentWithChangedBlock(document, guid, (block) => ({ ...block, content, options })),
      { onError },
    );
    if (saved && permissions && JSON.stringify(permissions) !== JSON.stringify(initial.permissions)) {
      await run(t('blockEditor.tasks.permissions'), () =>
        unwrap(
          api.POST('/api/buildingblockinstance/{guid}/permissions', {
            params: { path: { guid } },
            body: permissions,
          }),
        ),
      );
    }
    // A new image block made without an image stays open, so one can still be chosen; one made
    // with its image (uploaded into the library before the block existed, issue 27) closes.
    const withoutImage = name === 'image' && !(options as { imageGuid?: unknown } | undefined)?.imageGuid;
    if (saved) await onSaved({ guid, keepOpen: target.kind === 'create' && withoutImage });
    return saved !== undefined;
  }

  return (
    <BlockForm
      initial={initial}
      title={title}
      isNew={target.kind === 'create'}
      blockGuid={target.kind === 'edit' ? target.guid : null}
      onSubmit={save}
      onClose={onClose}
      onDirtyChange={onDirtyChange}
    />
  );
}
