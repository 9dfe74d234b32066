import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import { useRef } from 'react';
import { pickLocale } from '../../../../common/localized-text';
import { useLocale, useTranslation } from '../../../i18n';
import {
  type AdminMenuItem,
  describeMove,
  type FlatItem,
  flatten,
  keyboardOver,
  type MovePlace,
} from './menu-data';
import '../../../i18n/admin';

/** Pixels per level of nesting: the indent on screen and the drag offset that nests one level. */
export const INDENT = 28;

export type MoveRequest = { guid: string; parentGuid: string | null; position: number; name: string };

/**
 * The menu as a sortable, nestable list (dnd-kit). Drag the handle with the mouse (sideways to
 * nest), or with the keyboard: space lifts, arrows move, space drops; indenting by keyboard uses
 * the buttons beside each item. Every change is one move call.
 */
export function MenuTree({
  items,
  caption,
  onMove,
  onEdit,
  onDelete,
}: {
  items: AdminMenuItem[];
  caption: string;
  onMove: (move: MoveRequest) => void;
  onEdit: (item: AdminMenuItem, opener: HTMLElement) => void;
  onDelete: (item: AdminMenuItem, opener: HTMLElement) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const flat = flatten(items);
  const nameOf = (guid: string | number | undefined) => {
    const row = flat.find((entry) => entry.item.guid === guid);
    return row ? pickLocale(row.item.name, locale) : '';
  };
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // A keyboard move keeps its depth (the rows' indent is no sideways move: one ArrowUp past a nested
  // row nested the item, issue 35); a pointer move nests by its sideways offset. The latest offset
  // is kept for the announcements, which dnd-kit calls without it.
  const isKeyboardMove = useRef(false);
  const offsetX = useRef(0);
  const hasMoved = useRef(false);
  const offsetOf = (pointerOffset: number) => (isKeyboardMove.current ? 0 : pointerOffset);
  const overOf = (activeId: UniqueIdentifier, overId: UniqueIdentifier) =>
    isKeyboardMove.current ? keyboardOver(flat, String(activeId), String(overId)) : String(overId);
  const placeOf = (activeId: UniqueIdentifier, overId: UniqueIdentifier | undefined) =>
    overId === undefined
      ? null
      : describeMove(flat, String(activeId), overOf(activeId, overId), offsetOf(offsetX.current), INDENT);
  /** Where the item goes or went, in words (the new address when its parent changes). */
  const sayPlace = (activeId: UniqueIdentifier, place: MovePlace | null, done: boolean) => {
    const name = nameOf(activeId);
    const tense = done ? 'done' : 'moving';
    if (!place) return t(`adminMenu.announce.${tense}.none`, { name });
    if (place.isUnchanged) return t(`adminMenu.announce.${tense}.unchanged`, { name });
    if (place.isParentChanged) {
      const where = place.parent
        ? t(`adminMenu.announce.${tense}.under`, { name, parent: nameOf(place.parent.item.guid) })
        : t(`adminMenu.announce.${tense}.top`, { name });
      return place.path ? `${where} ${t('adminMenu.announce.newPath', { path: place.path })}` : where;
    }
    if (place.after) {
      return t(`adminMenu.announce.${tense}.after`, { name, after: nameOf(place.after.item.guid) });
    }
    return place.parent
      ? t(`adminMenu.announce.${tense}.firstUnder`, { name, parent: nameOf(place.parent.item.guid) })
      : t(`adminMenu.announce.${tense}.first`, { name });
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('adminMenu.announce.start', { name: nameOf(active.id) }),
    // At the lift the item is over itself: the lift is what is said.
    onDragOver: ({ active, over }) => {
      if (over?.id === active.id && !hasMoved.current) return undefined;
      hasMoved.current = true;
      return sayPlace(active.id, placeOf(active.id, over?.id), false);
    },
    onDragEnd: ({ active, over }) => sayPlace(active.id, placeOf(active.id, over?.id), true),
    onDragCancel: ({ active }) => t('adminMenu.announce.cancel', { name: nameOf(active.id) }),
  };

  function dragStart({ activatorEvent }: DragStartEvent) {
    isKeyboardMove.current = activatorEvent instanceof KeyboardEvent;
    offsetX.current = 0;
    hasMoved.current = false;
  }

  function dragEnd({ active, over, delta }: DragEndEvent) {
    if (!over) return;
    const activeId = String(active.id);
    const place = describeMove(flat, activeId, overOf(active.id, over.id), offsetOf(delta.x), INDENT);
    if (!place || place.isUnchanged) return;
    onMove({
      guid: activeId,
      parentGuid: place.parentGuid,
      position: place.position,
      name: nameOf(activeId),
    });
  }

  /** Keyboard nesting: under the sibling above (as its last item), or out to after the parent. */
  function indent(row: FlatItem, direction: 'in' | 'out') {
    const siblings = flat.filter((entry) => entry.parentId === row.parentId);
    const index = siblings.findIndex((entry) => entry.item.guid === row.item.guid);
    const name = pickLocale(row.item.name, locale);
    if (direction === 'in') {
      const above = siblings[index - 1];
      if (!above) return;
      onMove({
        guid: row.item.guid,
        parentGuid: above.item.guid,
        position: above.item.relatedMenuItems.length,
        name,
      });
      return;
    }
    const parent = flat.find((entry) => entry.item.guid === row.parentId);
    if (!parent) return;
    const parentSiblings = flat.filter((entry) => entry.parentId === parent.parentId);
    const parentIndex = parentSiblings.findIndex((entry) => entry.item.guid === parent.item.guid);
    onMove({ guid: row.item.guid, parentGuid: parent.parentId, position: parentIndex + 1, name });
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={dragStart}
      onDragMove={({ delta }) => {
        offsetX.current = delta.x;
      }}
      onDragEnd={dragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('adminMenu.instructions') } }}
    >
      <SortableContext items={flat.map((row) => row.item.guid)} strategy={verticalListSortingStrategy}>
        <ul className="menu-tree" aria-label={caption}>
          {flat.map((row) => {
            const siblings = flat.filter((entry) => entry.parentId === row.parentId);
            const isFirst = siblings[0]?.item.guid === row.item.guid;
            return (
              <TreeRow
                key={row.item.guid}
                row={row}
                canIndent={!isFirst}
                canOutdent={row.parentId !== null}
                onIndent={(direction) => indent(row, direction)}
                onEdit={onEdit}
                onDelete={onDelete}
              />
            );
          })}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function TreeRow({
  row,
  canIndent,
  canOutdent,
  onIndent,
  onEdit,
  onDelete,
}: {
  row: FlatItem;
  canIndent: boolean;
  canOutdent: boolean;
  onIndent: (direction: 'in' | 'out') => void;
  onEdit: (item: AdminMenuItem, opener: HTMLElement) => void;
  onDelete: (item: AdminMenuItem, opener: HTMLElement) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { item, depth } = row;
  const name = pickLocale(item.name, locale);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: item.guid,
    });
  const target = item.externalUrl ?? item.path ?? t('adminMenu.noPath');
  return (
    <li
      ref={setNodeRef}
      className="menu-tree-row"
      data-guid={item.guid}
      data-depth={depth}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        marginInlineStart: depth * INDENT,
        opacity: isDragging ? 0.6 : 1,
      }}
    >
      <Group gap="xs" wrap="wrap" className="menu-tree-item">
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          className="menu-tree-handle"
          aria-label={t('adminMenu.dragHandle', { name })}
          {...attributes}
          {...listeners}
        >
          <span aria-hidden="true">⠿</span>
        </ActionIcon>
        <div className="menu-tree-text">
          <Text fw={600} size="sm" className="menu-tree-name">
            {name}
          </Text>
          <Text size="xs" c="dimmed" className="menu-tree-path">
            {target}
          </Text>
        </div>
        <Group gap={4} wrap="wrap" className="menu-tree-badges">
          {item.externalUrl ? <Badge variant="light">{t('adminMenu.external')}</Badge> : null}
          {!item.isVisible ? (
            <Badge variant="light" color="gray">
              {t('adminMenu.hidden')}
            </Badge>
          ) : null}
          {item.pageGuid && !item.pageIsPublished ? (
            <Badge variant="light" color="orange">
              {t('adminMenu.unpublished')}
            </Badge>
          ) : null}
        </Group>
        <Group gap={2} wrap="nowrap" className="menu-tree-actions">
          <Tooltip label={t('adminMenu.moveOut', { name })}>
            <ActionIcon
              variant="subtle"
              disabled={!canOutdent}
              aria-label={t('adminMenu.moveOut', { name })}
              onClick={() => onIndent('out')}
            >
              <span aria-hidden="true">⇤</span>
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('adminMenu.moveIn', { name })}>
            <ActionIcon
              variant="subtle"
              disabled={!canIndent}
              aria-label={t('adminMenu.moveIn', { name })}
              onClick={() => onIndent('in')}
            >
              <span aria-hidden="true">⇥</span>
            </ActionIcon>
          </Tooltip>
          <ActionIcon
            variant="subtle"
            aria-label={t('adminMenu.edit', { name })}
            onClick={(event) => onEdit(item, event.currentTarget)}
          >
            <span aria-hidden="true">✎</span>
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('adminMenu.delete', { name })}
            onClick={(event) => onDelete(item, event.currentTarget)}
          >
            <span aria-hidden="true">✕</span>
          </ActionIcon>
        </Group>
      </Group>
    </li>
  );
}
