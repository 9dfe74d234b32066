import './block-editor.css';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Button, Group, Menu, Modal, Text, Tooltip } from '@mantine/core';
import { lazy, memo, type ReactNode, Suspense, useMemo, useState } from 'react';
import { type BlockTypeName, type BlockView, isBlockTypeName } from '../../../common/blocks/index';
import type { LayoutPosition } from '../../../common/pages';
import type { PageView } from '../../../common/site';
import { RenderBlock } from '../../blocks/registry';
import { useTranslation } from '../../i18n';
import { ADDABLE_BLOCK_TYPES, documentWithoutBlock, isBlockEmpty } from './block-editing';
import type { DndArrange } from './DndArrange';
import { useDraft } from './draft';
import '../../i18n/editor';

// The editors (Tiptap, the upload control) load only when an editor opens: visitors and the first
// paint of edit mode never download them.
const BlockEditorDrawer = lazy(() => import('./BlockEditorDrawer'));

/**
 * What the editor drawer works on: an existing block, or a new one of a type at a position (at
 * `index` there when it was added between blocks; else at the end).
 */
export type EditTarget =
  | { kind: 'edit'; guid: string; name: string }
  | { kind: 'create'; name: BlockTypeName; position: LayoutPosition; index?: number };

/**
 * One layout position of a page in edit mode, a drop target and a sortable list: its blocks, each
 * with a toolbar (drag handle, edit, move up, move down, delete), blocks visitors would not see as a
 * placeholder, a small "add a block here" button before each block and an "add block" button at the
 * end, both with a type picker.
 */
export function EditablePosition({
  page,
  position,
  blocks,
  positionId,
  arrange,
}: {
  page: PageView;
  position: LayoutPosition;
  blocks: BlockView[];
  /** Its id as a drop target (an empty position takes a block too). */
  positionId: string;
  arrange: DndArrange;
}) {
  const { t } = useTranslation();
  const { change } = useDraft(page.guid);
  const [target, setTarget] = useState<EditTarget | null>(null);
  const [toDelete, setToDelete] = useState<BlockView | null>(null);
  const [isBusy, setBusy] = useState(false);
  const { setNodeRef } = useDroppable({ id: positionId });
  const guids = useMemo(() => blocks.map((block) => block.guid), [blocks]);

  /** The draft (and with it the page) is saved and shown again; the block takes the focus. */
  async function saved({ guid, keepOpen }: { guid: string; keepOpen: boolean }) {
    if (keepOpen) {
      setTarget({ kind: 'edit', guid, name: 'image' });
      return;
    }
    setTarget(null);
    focusBlock(guid);
  }

  async function remove(block: BlockView) {
    setBusy(true);
    await change(t('blockEditor.tasks.delete'), (document) => documentWithoutBlock(document, block.guid));
    setToDelete(null);
    setBusy(false);
    // The block is gone: the position's "add block" button is the nearest sensible place.
    focusAddButton(position);
  }

  const positionName = t(`blockEditor.positions.${position}`);
  return (
    <div ref={setNodeRef} className="editable-position" data-editable-position={position}>
      <SortableContext id={positionId} items={guids} strategy={verticalListSortingStrategy}>
        {blocks.map((block, index) => (
          <SortableBlock
            key={block.guid}
            block={block}
            index={index}
            count={blocks.length}
            position={position}
            positionName={positionName}
            arrange={arrange}
            onAdd={setTarget}
            onEdit={setTarget}
            onDelete={setToDelete}
          />
        ))}
      </SortableContext>
      <AddBlockMenu position={position} index={blocks.length} onAdd={setTarget}>
        <Button
          size="compact-sm"
          variant="subtle"
          className="add-block-button"
          data-add-block={position}
          aria-label={t('blockEditor.addTo', { position: positionName })}
        >
          + {t('blockEditor.add')}
        </Button>
      </AddBlockMenu>
      {target ? (
        <Suspense fallback={null}>
          <BlockEditorDrawer page={page} target={target} onSaved={saved} onClose={() => setTarget(null)} />
        </Suspense>
      ) : null}
      <Modal
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        title={t('blockEditor.confirmDeleteTitle')}
      >
        <Text size="sm">{t('blockEditor.confirmDelete')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setToDelete(null)}>
            {t('buttons.cancel')}
          </Button>
          <Button color="red" loading={isBusy} onClick={() => toDelete && void remove(toDelete)}>
            {t('buttons.delete')}
          </Button>
        </Group>
      </Modal>
    </div>
  );
}

/** The type picker of an "add block" button; the new block lands at `index` of `position`. */
function AddBlockMenu({
  position,
  index,
  onAdd,
  children,
}: {
  position: LayoutPosition;
  index: number;
  onAdd(target: EditTarget): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>{children}</Menu.Target>
      <Menu.Dropdown aria-label={t('blockEditor.chooseType')}>
        {ADDABLE_BLOCK_TYPES.map((name) => (
          <Menu.Item key={name} onClick={() => onAdd({ kind: 'create', name, position, index })}>
            {t(`blockEditor.types.${name}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * A block in its sortable list. Dragged, it stays in the list where it will land, drawn as the drop
 * indicator, while the overlay follows the pointer; the others move aside by transforms (no
 * re-layout while dragging).
 */
const SortableBlock = memo(function SortableBlock({
  block,
  index,
  count,
  position,
  positionName,
  arrange,
  onAdd,
  onEdit,
  onDelete,
}: {
  block: BlockView;
  index: number;
  count: number;
  position: LayoutPosition;
  positionName: string;
  arrange: DndArrange;
  onAdd(target: EditTarget): void;
  onEdit(target: EditTarget): void;
  onDelete(block: BlockView): void;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: block.guid, attributes: { roleDescription: t('blockEditor.dnd.roleDescription') } });
  const typeName = isBlockTypeName(block.name) ? t(`blockEditor.types.${block.name}`) : block.name;
  const label = t('blockEditor.blockLabel', { type: typeName, number: index + 1 });
  return (
    <>
      <AddHereButton position={position} positionName={positionName} index={index} onAdd={onAdd} />
      <section
        ref={setNodeRef}
        style={{ transform: CSS.Translate.toString(transform), transition }}
        className={isDragging ? 'editable-block is-dragging' : 'editable-block'}
        data-editable-block={block.name}
        data-guid={block.guid}
        tabIndex={-1}
        aria-label={label}
      >
        <Group className="editable-block-toolbar" gap={4} justify="space-between" wrap="nowrap">
          <Group gap={4} wrap="nowrap">
            <button
              type="button"
              ref={setActivatorNodeRef}
              className="block-drag-handle"
              data-drag-handle={block.guid}
              {...attributes}
              {...listeners}
              aria-label={t('blockEditor.dnd.handle', { type: typeName, number: index + 1 })}
            >
              <span aria-hidden="true">⠿</span>
            </button>
            <Text size="xs" fw={600} c="dimmed">
              {typeName}
            </Text>
          </Group>
          <BlockActions
            block={block}
            index={index}
            count={count}
            position={position}
            arrange={arrange}
            onEdit={onEdit}
            onDelete={onDelete}
          />
        </Group>
        <BlockBody block={block} typeName={typeName} />
      </section>
    </>
  );
});

/** The "add a block here" button before a block (memoized: a drag re-renders every sortable block). */
const AddHereButton = memo(function AddHereButton({
  position,
  positionName,
  index,
  onAdd,
}: {
  position: LayoutPosition;
  positionName: string;
  index: number;
  onAdd(target: EditTarget): void;
}) {
  const { t } = useTranslation();
  return (
    <AddBlockMenu position={position} index={index} onAdd={onAdd}>
      <button
        type="button"
        className="add-block-here"
        data-add-block-at={index}
        aria-label={t('blockEditor.dnd.addHere', { number: index + 1, position: positionName })}
        title={t('blockEditor.dnd.addHere', { number: index + 1, position: positionName })}
      >
        <span aria-hidden="true">+</span>
      </button>
    </AddBlockMenu>
  );
});

/** A block's edit, up, down and delete buttons (memoized like AddHereButton). */
const BlockActions = memo(function BlockActions({
  block,
  index,
  count,
  position,
  arrange,
  onEdit,
  onDelete,
}: {
  block: BlockView;
  index: number;
  count: number;
  position: LayoutPosition;
  arrange: DndArrange;
  onEdit(target: EditTarget): void;
  onDelete(block: BlockView): void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <Button
        size="compact-xs"
        variant="light"
        disabled={!isBlockTypeName(block.name)}
        onClick={() => onEdit({ kind: 'edit', guid: block.guid, name: block.name })}
      >
        {t('blockEditor.edit')}
      </Button>
      <Tooltip label={t('blockEditor.moveUp')}>
        <ActionIcon
          size="sm"
          variant="default"
          aria-label={t('blockEditor.moveUp')}
          data-move="up"
          disabled={index === 0}
          onClick={() => arrange.move(block.guid, position, index - 1)}
        >
          <span aria-hidden="true">↑</span>
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('blockEditor.moveDown')}>
        <ActionIcon
          size="sm"
          variant="default"
          aria-label={t('blockEditor.moveDown')}
          data-move="down"
          disabled={index === count - 1}
          onClick={() => arrange.move(block.guid, position, index + 1)}
        >
          <span aria-hidden="true">↓</span>
        </ActionIcon>
      </Tooltip>
      <Button size="compact-xs" variant="light" color="red" onClick={() => onDelete(block)}>
        {t('blockEditor.delete')}
      </Button>
    </Group>
  );
});

/** What the block shows (its view, or a placeholder): rendered again only when the block changes. */
const BlockBody = memo(function BlockBody({ block, typeName }: { block: BlockView; typeName: string }) {
  const { t } = useTranslation();
  return isBlockEmpty(block) ? (
    <div className="editable-block-placeholder">
      <Text size="sm" c="dimmed">
        {t('blockEditor.placeholder', { type: typeName })}
      </Text>
    </div>
  ) : (
    <RenderBlock block={block} />
  );
});

/** After the page's data reloads, the block takes the focus. */
function focusBlock(guid: string) {
  requestAnimationFrame(() => {
    document.querySelector<HTMLElement>(`[data-editable-block][data-guid="${guid}"]`)?.focus();
  });
}

function focusAddButton(position: LayoutPosition) {
  requestAnimationFrame(() => {
    document.querySelector<HTMLElement>(`[data-add-block="${position}"]`)?.focus();
  });
}
