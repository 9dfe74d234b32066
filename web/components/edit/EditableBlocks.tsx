import './block-editor.css';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Button, Group, Menu, Modal, Text, Tooltip } from '@mantine/core';
import { lazy, memo, type ReactNode, Suspense, useCallback, useContext, useMemo, useState } from 'react';
import {
  type BlockTypeName,
  type BlockView,
  isBlockTypeName,
  isKnownBlockView,
} from '../../../common/blocks/index';
import type { BlockParent } from '../../../common/page-drafts';
import type { LayoutPosition } from '../../../common/pages';
import type { PageView } from '../../../common/site';
import { RenderBlock } from '../../blocks/registry';
import { useTranslation } from '../../i18n';
import { copyOfBlock } from './block-copies';
import {
  ADDABLE_BLOCK_TYPES,
  documentWithBlock,
  documentWithoutBlock,
  isBlockEmpty,
  UnaddableBlockTypes,
} from './block-editing';
import type { DndArrange } from './DndArrange';
import { useDraft } from './draft';
import { EditableColumns } from './EditableColumns';
import { InPlaceLabels, isLabelledBlock } from './InPlaceLabels';
import { InPlaceText } from './InPlaceText';
import { ReusableInPage } from './ReusableInPage';
import { SaveAsReusableItem, useCanSaveAsReusable } from './reusable-actions';
import '../../i18n/editor';

// The editors (Tiptap, the upload control) load only when an editor opens: visitors and the first
// paint of edit mode never download them.
const BlockEditorDrawer = lazy(() => import('./BlockEditorDrawer'));
const CopyBlockDialog = lazy(() => import('./CopyBlockDialog'));

/**
 * Blocks whose copy would not be what it seems: a list's or widget's items belong to the block
 * itself, and a columns block's blocks are blocks of their own (a copy would be empty columns).
 */
const NOT_COPIED = new Set(['list', 'widget', 'columns']);

/**
 * What the editor drawer works on: an existing block, or a new one of a type at a position (at
 * `index` there when it was added between blocks; else at the end).
 */
export type EditTarget =
  | { kind: 'edit'; guid: string; name: string }
  | {
      kind: 'create';
      name: BlockTypeName;
      position: LayoutPosition;
      index?: number;
      /** A new block of a column of a columns block (issue 31); `index` is its place in the column. */
      parent?: BlockParent;
    };

/** A block to delete, and the column it sits in (issue 31) when it is in one. */
type DeleteTarget = { block: BlockView; parent?: BlockParent | undefined };

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
  const [toDelete, setToDelete] = useState<DeleteTarget | null>(null);
  const askDelete = useCallback(
    (block: BlockView, parent?: BlockParent) => setToDelete({ block, parent }),
    [],
  );
  const [toCopy, setToCopy] = useState<{ block: BlockView; label: string } | null>(null);
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

  /** "Dupliceren": a copy right below the block (its image recorded again for the copy); undo takes it away. */
  const duplicate = useCallback(
    async (block: BlockView, index: number) => {
      let guid = '';
      const done = await change(t('blockEditor.tasks.duplicate'), async (document) => {
        const copy = await copyOfBlock(page.guid, block.guid);
        guid = copy.guid;
        return documentWithBlock(document, { ...copy, position }, index + 1);
      });
      if (done) focusBlock(guid);
    },
    [change, t, page.guid, position],
  );
  const copyTo = useCallback((block: BlockView, label: string) => setToCopy({ block, label }), []);

  async function remove({ block, parent }: DeleteTarget) {
    setBusy(true);
    await change(t('blockEditor.tasks.delete'), (document) => documentWithoutBlock(document, block.guid));
    setToDelete(null);
    setBusy(false);
    // The block is gone: the "add block" button of its column or position is the nearest sensible place.
    if (parent) focusColumnAddButton(parent);
    else focusAddButton(position);
  }
  const childCount =
    toDelete?.block.name === 'columns' && toDelete.block.data
      ? toDelete.block.data.columns.reduce((sum, column) => sum + column.length, 0)
      : 0;

  const positionName = t(`blockEditor.positions.${position}`);
  return (
    <div ref={setNodeRef} className="editable-position" data-editable-position={position}>
      <SortableContext id={positionId} items={guids} strategy={verticalListSortingStrategy}>
        {blocks.map((block, index) => (
          <SortableBlock
            key={block.guid}
            pageGuid={page.guid}
            block={block}
            index={index}
            count={blocks.length}
            position={position}
            positionName={positionName}
            arrange={arrange}
            onAdd={setTarget}
            onEdit={setTarget}
            onDelete={askDelete}
            onDuplicate={duplicate}
            onCopy={copyTo}
          />
        ))}
      </SortableContext>
      <AddBlockMenu onChoose={(name) => setTarget({ kind: 'create', name, position, index: blocks.length })}>
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
      {toCopy ? (
        <Suspense fallback={null}>
          <CopyBlockDialog
            pageGuid={page.guid}
            block={toCopy.block}
            label={toCopy.label}
            onClose={() => setToCopy(null)}
          />
        </Suspense>
      ) : null}
      <Modal
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        title={t('blockEditor.confirmDeleteTitle')}
      >
        <Text size="sm">
          {childCount > 0
            ? t('blockEditor.columns.confirmDelete', { count: childCount })
            : t('blockEditor.confirmDelete')}
        </Text>
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

/** The type picker of an "add block" button: `types` (all, unless told), the chosen one to `onChoose`. */
export function AddBlockMenu({
  types = ADDABLE_BLOCK_TYPES,
  onChoose,
  children,
}: {
  types?: readonly BlockTypeName[];
  onChoose(name: BlockTypeName): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const unaddable = useContext(UnaddableBlockTypes);
  return (
    <Menu position="bottom-start" withinPortal clickOutsideEvents={MENU_CLOSE_EVENTS}>
      <Menu.Target>{children}</Menu.Target>
      <Menu.Dropdown aria-label={t('blockEditor.chooseType')}>
        {types
          .filter((name) => !unaddable.has(name))
          .map((name) => (
            <Menu.Item key={name} onClick={() => onChoose(name)}>
              {t(`blockEditor.types.${name}`)}
            </Menu.Item>
          ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * A click or touch beside an open menu closes it (Escape too, and its focus trap keeps keys inside).
 * Not Mantine's default, which adds keydown: every menu listens on the document even while closed,
 * and with two menus per block each keystroke typed in place ran a hundred listeners (issue 26).
 */
const MENU_CLOSE_EVENTS = ['mousedown', 'touchstart'];

/** A block's "Bewerk" button, named after the block and its place (`name`); an unknown type has none to open. */
export function EditBlockButton({
  block,
  name,
  onEdit,
}: {
  block: BlockView;
  name: string;
  onEdit(target: EditTarget): void;
}) {
  const { t } = useTranslation();
  return (
    <Button
      size="compact-xs"
      variant="light"
      disabled={!isBlockTypeName(block.name)}
      onClick={() => onEdit({ kind: 'edit', guid: block.guid, name: block.name })}
    >
      {t('blockEditor.edit')}
      <span className="visually-hidden"> {name}</span>
    </Button>
  );
}

/**
 * A block in its sortable list. Dragged, it stays in the list where it will land, drawn as the drop
 * indicator, while the overlay follows the pointer; the others move aside by transforms (no
 * re-layout while dragging).
 */
const SortableBlock = memo(function SortableBlock({
  pageGuid,
  block,
  index,
  count,
  position,
  positionName,
  arrange,
  onAdd,
  onEdit,
  onDelete,
  onDuplicate,
  onCopy,
}: {
  pageGuid: string;
  block: BlockView;
  index: number;
  count: number;
  position: LayoutPosition;
  positionName: string;
  arrange: DndArrange;
  onAdd(target: EditTarget): void;
  onEdit(target: EditTarget): void;
  onDelete(block: BlockView, parent?: BlockParent): void;
  onDuplicate(block: BlockView, index: number): void;
  onCopy(block: BlockView, label: string): void;
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
        {/* In a narrow column the buttons go to a second line rather than out of the block. */}
        <Group className="editable-block-toolbar" gap={4} justify="space-between" wrap="wrap">
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
            label={label}
            index={index}
            count={count}
            position={position}
            arrange={arrange}
            onEdit={onEdit}
            onDelete={onDelete}
            onDuplicate={onDuplicate}
            onCopy={onCopy}
          />
        </Group>
        <BlockBody
          pageGuid={pageGuid}
          block={block}
          typeName={typeName}
          number={index + 1}
          position={position}
          onAdd={onAdd}
          onEdit={onEdit}
          onDelete={onDelete}
        />
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
    <AddBlockMenu onChoose={(name) => onAdd({ kind: 'create', name, position, index })}>
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

/** A block's edit, up, down and delete buttons, and its duplicate and copy (memoized like AddHereButton). */
const BlockActions = memo(function BlockActions({
  block,
  label,
  index,
  count,
  position,
  arrange,
  onEdit,
  onDelete,
  onDuplicate,
  onCopy,
}: {
  block: BlockView;
  label: string;
  index: number;
  count: number;
  position: LayoutPosition;
  arrange: DndArrange;
  onEdit(target: EditTarget): void;
  onDelete(block: BlockView): void;
  onDuplicate(block: BlockView, index: number): void;
  onCopy(block: BlockView, label: string): void;
}) {
  const { t } = useTranslation();
  // Every block has these buttons: each is named after its block and place on the page ("Bewerk
  // Tekst (blok 2 in hoofdgedeelte)"); each area numbers its blocks from 1.
  const typeName = isBlockTypeName(block.name) ? t(`blockEditor.types.${block.name}`) : block.name;
  const name = t('blockEditor.blockName', {
    type: typeName,
    number: index + 1,
    position: t(`blockEditor.positions.${position}`),
  });
  // A columns block is not copied, but an admin can keep it as a reusable block (issue 31).
  const isCopied = !NOT_COPIED.has(block.name);
  const canSaveAsReusable = useCanSaveAsReusable(block);
  return (
    <Group gap={4} wrap="wrap">
      <EditBlockButton block={block} name={name} onEdit={onEdit} />
      <Tooltip label={t('blockEditor.moveUp')}>
        <ActionIcon
          size="sm"
          variant="default"
          aria-label={t('blockEditor.moveUpNamed', { block: name })}
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
          aria-label={t('blockEditor.moveDownNamed', { block: name })}
          data-move="down"
          disabled={index === count - 1}
          onClick={() => arrange.move(block.guid, position, index + 1)}
        >
          <span aria-hidden="true">↓</span>
        </ActionIcon>
      </Tooltip>
      <Button size="compact-xs" variant="light" color="red" onClick={() => onDelete(block)}>
        {t('blockEditor.delete')}
        <span className="visually-hidden"> {name}</span>
      </Button>
      {!isCopied && !canSaveAsReusable ? null : (
        <Menu position="bottom-end" withinPortal clickOutsideEvents={MENU_CLOSE_EVENTS}>
          <Menu.Target>
            <ActionIcon
              size="sm"
              variant="default"
              aria-label={t('blockEditor.moreActions', { block: label })}
              data-block-more={block.guid}
            >
              <span aria-hidden="true">⋯</span>
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {isCopied ? (
              <>
                <Menu.Item onClick={() => onDuplicate(block, index)}>{t('blockEditor.duplicate')}</Menu.Item>
                <Menu.Item onClick={() => onCopy(block, label)}>{t('blockEditor.copyTo')}</Menu.Item>
              </>
            ) : null}
            <SaveAsReusableItem block={block} />
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
});

/**
 * What the block shows (its view, or a placeholder): rendered again only when the block changes. A
 * text block's text is edited right there (issue 26).
 */
export const BlockBody = memo(function BlockBody({
  pageGuid,
  block,
  typeName,
  number,
  position,
  onAdd,
  onEdit,
  onDelete,
}: {
  pageGuid: string;
  block: BlockView;
  typeName: string;
  number: number;
  /** For a columns block (issue 31), whose columns' blocks have their tools here: where it is, and the tools' actions. */
  position?: LayoutPosition;
  onAdd?(target: EditTarget): void;
  onEdit?(target: EditTarget): void;
  onDelete?(block: BlockView, parent?: BlockParent): void;
}) {
  const { t } = useTranslation();
  if (block.name === 'columns' && isKnownBlockView(block) && position && onAdd && onEdit && onDelete) {
    return (
      <EditableColumns
        pageGuid={pageGuid}
        block={block}
        number={number}
        position={position}
        onAdd={onAdd}
        onEdit={onEdit}
        onDelete={onDelete}
      />
    );
  }
  if (block.name === 'reusable') {
    return (
      <ReusableInPage pageGuid={pageGuid} block={block as BlockView & { name: 'reusable' }} number={number} />
    );
  }
  const body = isBlockEmpty(block) ? (
    <div className="editable-block-placeholder">
      <Text size="sm" c="dimmed">
        {t('blockEditor.placeholder', { type: typeName })}
      </Text>
    </div>
  ) : (
    <RenderBlock block={block} />
  );
  if (isLabelledBlock(block.name)) {
    return (
      <InPlaceLabels
        pageGuid={pageGuid}
        blockGuid={block.guid}
        name={block.name}
        typeName={typeName}
        number={number}
      >
        {body}
      </InPlaceLabels>
    );
  }
  if (block.name !== 'text') return body;
  return (
    <InPlaceText pageGuid={pageGuid} blockGuid={block.guid} typeName={typeName} number={number}>
      {body}
    </InPlaceText>
  );
});

/**
 * After the page's data reloads, the block takes the focus: as soon as it is shown (a new block
 * renders a frame or a few after the save; a closing menu hands the focus back to its button first).
 */
function focusBlock(guid: string, frames = 30) {
  requestAnimationFrame(() => {
    const block = document.querySelector<HTMLElement>(`[data-editable-block][data-guid="${guid}"]`);
    if (block) block.focus();
    else if (frames > 0) focusBlock(guid, frames - 1);
  });
}

/**
 * After a delete, an "add block" button takes the focus once the confirmation has closed: the dialog
 * hands the focus back to the delete button it came from, which is gone with its block, so the
 * button is focused again while the focus is nowhere (for a few frames).
 */
function focusAfterDelete(selector: string, frames = 30) {
  requestAnimationFrame(() => {
    const button = document.querySelector<HTMLElement>(selector);
    const isNowhere = document.activeElement === null || document.activeElement === document.body;
    if (button && document.activeElement !== button && (isNowhere || frames === 30)) button.focus();
    if (frames > 0) focusAfterDelete(selector, frames - 1);
  });
}

function focusColumnAddButton(parent: BlockParent) {
  focusAfterDelete(`[data-add-to-column="${parent.guid}:${parent.column}"]`);
}

function focusAddButton(position: LayoutPosition) {
  focusAfterDelete(`[data-add-block="${position}"]`);
}
