import { ActionIcon, Button, Group, Text, Tooltip } from '@mantine/core';
import { memo } from 'react';
import { type BlockView, isBlockTypeName } from '../../../common/blocks/index';
import type { BlockParent } from '../../../common/page-drafts';
import type { LayoutPosition } from '../../../common/pages';
import { useTranslation } from '../../i18n';
import { COLUMN_BLOCK_TYPES, documentWithBlockInColumn } from './block-editing';
import { useDraft } from './draft';
import { AddBlockMenu, BlockBody, EditBlockButton, type EditTarget } from './EditableBlocks';
import '../../i18n/editor';

/**
 * A columns block in edit mode (issue 31): its columns side by side as visitors see them, each with
 * its blocks and their tools (edit, up and down within the column, to the column before or after,
 * delete) and an "add block" button of its own, whose menu offers the types a column holds. Every
 * change is a change of the draft like any other; the focus goes to the moved block's button, the
 * new or edited block, or after a delete to the column's "add block" button.
 */
export const EditableColumns = memo(function EditableColumns({
  pageGuid,
  block,
  number,
  position,
  onAdd,
  onEdit,
  onDelete,
}: {
  pageGuid: string;
  block: Extract<BlockView, { name: 'columns' }>;
  /** The columns block's number in its position. */
  number: number;
  position: LayoutPosition;
  onAdd(target: EditTarget): void;
  onEdit(target: EditTarget): void;
  onDelete(block: BlockView, parent?: BlockParent): void;
}) {
  const { t } = useTranslation();
  const { change } = useDraft(pageGuid);
  const count = block.options.count === '3' ? 3 : 2;
  const columns = Array.from({ length: count }, (_, column) => block.data?.columns[column] ?? []);
  const positionName = t(`blockEditor.positions.${position}`);

  /** Moves a block of a column: up or down in it (`index` among the others), or to the end of another. */
  async function move(child: BlockView, column: number, index: number | undefined, button: string) {
    const parent = { guid: block.guid, column };
    const done = await change(t('blockEditor.tasks.move'), (document) => {
      const current = document.blocks.find((other) => other.guid === child.guid);
      return current ? documentWithBlockInColumn(document, current, parent, index) : document;
    });
    if (done) focusMoved(child.guid, button, { column, index });
  }

  return (
    <div
      className="columns-block editable-columns"
      data-count={String(count)}
      data-widths={block.options.widths}
    >
      {columns.map((blocks, column) => {
        const columnName = t('blockEditor.columns.position', {
          column: column + 1,
          number,
          position: positionName,
        });
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a column is its place
          <div key={column} className="editable-column" data-column-index={column}>
            <Text size="xs" fw={600} c="dimmed">
              {t('blockEditor.columns.column', { column: column + 1 })}
            </Text>
            {blocks.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('blockEditor.columns.empty')}
              </Text>
            ) : null}
            {blocks.map((child, index) => (
              <ColumnBlock
                key={child.guid}
                pageGuid={pageGuid}
                block={child}
                index={index}
                siblings={blocks.length}
                column={column}
                count={count}
                columnName={columnName}
                onEdit={onEdit}
                onDelete={(gone) => onDelete(gone, { guid: block.guid, column })}
                onMove={(toColumn, toIndex, button) => void move(child, toColumn, toIndex, button)}
              />
            ))}
            <AddBlockMenu
              types={COLUMN_BLOCK_TYPES}
              onChoose={(name) =>
                onAdd({
                  kind: 'create',
                  name,
                  position,
                  index: blocks.length,
                  parent: { guid: block.guid, column },
                })
              }
            >
              <Button
                size="compact-sm"
                variant="subtle"
                className="add-block-button"
                data-add-to-column={`${block.guid}:${column}`}
                aria-label={t('blockEditor.columns.addTo', {
                  column: column + 1,
                  number,
                  position: positionName,
                })}
              >
                + {t('blockEditor.add')}
              </Button>
            </AddBlockMenu>
          </div>
        );
      })}
    </div>
  );
});

/** A block in a column, framed with its tools like the page's blocks (without dragging). */
function ColumnBlock({
  pageGuid,
  block,
  index,
  siblings,
  column,
  count,
  columnName,
  onEdit,
  onDelete,
  onMove,
}: {
  pageGuid: string;
  block: BlockView;
  index: number;
  siblings: number;
  column: number;
  count: number;
  columnName: string;
  onEdit(target: EditTarget): void;
  onDelete(block: BlockView): void;
  onMove(toColumn: number, toIndex: number | undefined, button: string): void;
}) {
  const { t } = useTranslation();
  const typeName = isBlockTypeName(block.name) ? t(`blockEditor.types.${block.name}`) : block.name;
  const name = t('blockEditor.blockName', { type: typeName, number: index + 1, position: columnName });
  return (
    <section
      className="editable-block"
      data-editable-block={block.name}
      data-guid={block.guid}
      data-column={column}
      tabIndex={-1}
      aria-label={name}
    >
      <Group className="editable-block-toolbar" gap={4} justify="space-between" wrap="wrap">
        <Text size="xs" fw={600} c="dimmed">
          {typeName}
        </Text>
        <Group gap={4} wrap="wrap">
          <EditBlockButton block={block} name={name} onEdit={onEdit} />
          <MoveButton
            label={t('blockEditor.moveUp')}
            name={t('blockEditor.moveUpNamed', { block: name })}
            move="up"
            arrow="↑"
            disabled={index === 0}
            onClick={() => onMove(column, index - 1, 'up')}
          />
          <MoveButton
            label={t('blockEditor.moveDown')}
            name={t('blockEditor.moveDownNamed', { block: name })}
            move="down"
            arrow="↓"
            disabled={index === siblings - 1}
            onClick={() => onMove(column, index + 1, 'down')}
          />
          {column > 0 ? (
            <MoveButton
              label={t('blockEditor.columns.moveTo', { column })}
              name={t('blockEditor.columns.moveToNamed', { block: name, column })}
              move="previous"
              arrow="←"
              onClick={() => onMove(column - 1, undefined, 'previous')}
            />
          ) : null}
          {column < count - 1 ? (
            <MoveButton
              label={t('blockEditor.columns.moveTo', { column: column + 2 })}
              name={t('blockEditor.columns.moveToNamed', { block: name, column: column + 2 })}
              move="next"
              arrow="→"
              onClick={() => onMove(column + 1, undefined, 'next')}
            />
          ) : null}
          <Button size="compact-xs" variant="light" color="red" onClick={() => onDelete(block)}>
            {t('blockEditor.delete')}
            <span className="visually-hidden"> {name}</span>
          </Button>
        </Group>
      </Group>
      <BlockBody pageGuid={pageGuid} block={block} typeName={typeName} number={index + 1} />
    </section>
  );
}

function MoveButton({
  label,
  name,
  move,
  arrow,
  disabled = false,
  onClick,
}: {
  label: string;
  name: string;
  move: string;
  arrow: string;
  disabled?: boolean;
  onClick(): void;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        size="sm"
        variant="default"
        aria-label={name}
        data-move={move}
        disabled={disabled}
        onClick={onClick}
      >
        <span aria-hidden="true">{arrow}</span>
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * After a move is saved and the page shown again, the same button of the moved block takes the
 * focus (so it can be pressed again), or the block itself when that button no longer applies.
 */
function focusMoved(
  guid: string,
  button: string,
  place: { column: number; index: number | undefined },
  frames = 60,
) {
  requestAnimationFrame(() => {
    const block = document.querySelector<HTMLElement>(`[data-editable-block][data-guid="${guid}"]`);
    const others = block?.parentElement
      ? [...block.parentElement.querySelectorAll<HTMLElement>(':scope > [data-editable-block]')]
      : [];
    const index = block ? others.indexOf(block) : -1;
    const isInPlace =
      block?.dataset.column === String(place.column) && index === (place.index ?? others.length - 1);
    if (!block || !isInPlace) {
      if (frames > 0) focusMoved(guid, button, place, frames - 1);
      else block?.focus();
      return;
    }
    const again = block.querySelector<HTMLButtonElement>(
      `:scope > .editable-block-toolbar [data-move="${button}"]`,
    );
    if (again && !again.disabled) again.focus();
    else block.focus();
  });
}
