import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
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
import { pickLocale } from '../../../../common/localized-text';
import { useLocale, useTranslation } from '../../../i18n';
import { type AdminMenuItem, type FlatItem, flatten, projectMove } from './menu-data';
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
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('adminMenu.announceStart', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('adminMenu.announceOver', { name: nameOf(active.id), over: nameOf(over.id) })
        : t('adminMenu.announceOverNone', { name: nameOf(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t('adminMenu.announceEnd', { name: nameOf(active.id), over: nameOf(over.id) })
        : t('adminMenu.announceEndNone', { name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t('adminMenu.announceCancel', { name: nameOf(active.id) }),
  };

  function dragEnd({ active, over, delta }: DragEndEvent) {
    if (!over) return;
    const activeId = String(active.id);
    const target = projectMove(flat, activeId, String(over.id), delta.x, INDENT);
    const current = flat.find((row) => row.item.guid === activeId);
    if (!target || !current) return;
    const siblings = flat.filter((row) => row.parentId === current.parentId && row.depth === current.depth);
    const currentPosition = siblings.findIndex((row) => row.item.guid === activeId);
    if (target.parentGuid === current.parentId && target.position === currentPosition) return;
    onMove({ guid: activeId, ...target, name: nameOf(activeId) });
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
