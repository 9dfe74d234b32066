import { Drawer } from '@mantine/core';
import { useState } from 'react';
import type { BlockTypeName } from '../../../common/blocks/index';
import { useTask } from '../../account/tasks';
import { useTranslation } from '../../i18n';
import { useCloseGuard } from '../close-guard';
import {
  type BlockDraft,
  BlockForm,
  type BlockValues,
  newBlockDraft,
  storedBlockDraft,
} from '../edit/BlockForm';
import { type ItemBlock, saveItemBlock } from './item-api';
import '../../i18n/editor';

/** What the drawer edits: a new block of a type (not stored yet), or one of the item's blocks. */
export type ItemBlockTarget = { kind: 'create'; name: BlockTypeName } | { kind: 'edit'; block: ItemBlock };

/**
 * The editor of one of an item's own blocks, in a drawer over the item form: the same per-type
 * fields as on pages (web/blocks/<Type>/Editor.tsx), Dutch and English tabs, the same checks as the
 * server. Saving writes the block into the item (PUT /api/listitem/{guid}) as a task. A new image
 * block stays open after it is created: only a stored block can get an upload.
 */
export default function ItemBlockDrawer({
  itemGuid,
  bodyGuid,
  target,
  onSaved,
  onClose,
}: {
  itemGuid: string;
  bodyGuid: string | null;
  target: ItemBlockTarget;
  onSaved(input: { block: ItemBlock; keepOpen: boolean }): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const name = (target.kind === 'create' ? target.name : target.block.buildingBlockName) as BlockTypeName;
  const typeName = t(`blockEditor.types.${name}`);
  const title =
    target.kind === 'create'
      ? t('blockEditor.createTitle', { type: typeName })
      : t('blockEditor.editTitle', { type: typeName });
  // Closing with unsaved changes ("Sluit", Escape, the close button, a click beside it) asks first.
  const [isDirty, setDirty] = useState(false);
  const { close, closeOnEscape, question } = useCloseGuard(isDirty, onClose);
  return (
    <Drawer
      opened
      onClose={close}
      closeOnEscape={closeOnEscape}
      position="right"
      size="lg"
      zIndex={300}
      title={title}
      closeButtonProps={{ 'aria-label': t('buttons.close') }}
      className="item-block-drawer"
    >
      <ItemBlockForm
        key={target.kind === 'create' ? `new:${name}` : target.block.guid}
        itemGuid={itemGuid}
        bodyGuid={bodyGuid}
        target={target}
        initial={target.kind === 'create' ? newBlockDraft(name) : storedBlockDraft(name, target.block)}
        title={title}
        typeName={typeName}
        onSaved={onSaved}
        onClose={close}
        onDirtyChange={setDirty}
      />
      {question}
    </Drawer>
  );
}

/** The item gets the block (PUT /api/listitem/{guid}, the whole item as stored, with this block). */
function ItemBlockForm<N extends BlockTypeName>({
  itemGuid,
  bodyGuid,
  target,
  initial,
  title,
  typeName,
  onSaved,
  onClose,
  onDirtyChange,
}: {
  itemGuid: string;
  bodyGuid: string | null;
  target: ItemBlockTarget;
  initial: BlockDraft<N>;
  title: string;
  typeName: string;
  onSaved(input: { block: ItemBlock; keepOpen: boolean }): void;
  onClose(): void;
  onDirtyChange(isDirty: boolean): void;
}) {
  const { t } = useTranslation();
  const run = useTask();
  const { name } = initial;

  async function save({ content, options }: BlockValues, onError: (error: unknown) => void) {
    const block: ItemBlock = {
      guid: target.kind === 'create' ? crypto.randomUUID() : target.block.guid,
      buildingBlockName: name,
      content,
      options,
      sortId: target.kind === 'edit' ? target.block.sortId : 0,
    };
    const saved = await run(t('blockEditor.tasks.save', { type: typeName }), async () => {
      try {
        return await saveItemBlock(itemGuid, bodyGuid, block);
      } catch (error) {
        onError(error);
        throw error;
      }
    });
    // A new image block stays open: now that it exists, an image can be uploaded for it.
    if (saved) {
      const stored = saved.find((other) => other.guid === block.guid) ?? block;
      onSaved({ block: stored, keepOpen: target.kind === 'create' && name === 'image' });
    }
    return saved !== undefined;
  }

  return (
    <BlockForm
      initial={initial}
      title={title}
      isNew={target.kind === 'create'}
      blockGuid={target.kind === 'edit' ? target.block.guid : null}
      onSubmit={save}
      onClose={onClose}
      onDirtyChange={onDirtyChange}
    />
  );
}
