import {
  type Announcements,
  type CollisionDetection,
  closestCorners,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  pointerWithin,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { type ReactNode, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { type BlockTypeName, isBlockTypeName } from '../../../common/blocks/index';
import { type LayoutPosition, layoutPositions } from '../../../common/pages';
import type { PageView as PageViewModel } from '../../../common/site';
import { AccountProviders } from '../../account/AccountProviders';
import { useTranslation } from '../../i18n';
import { PageView } from '../../layouts/PageView';
import { AwaitsCode } from '../click-hold';
import {
  arrangedBlocks,
  type BlockOrder,
  blockOrder,
  documentWithOrder,
  moveBlock,
  NOT_IN_REUSABLE_BLOCKS,
  positionOf,
  UnaddableBlockTypes,
} from './block-editing';
import { DND_POSITION_PREFIX, type DndArrange } from './DndArrange';
import { useDraft } from './draft';
import { EditablePosition } from './EditableBlocks';
import { EditModeBar } from './EditMode';
import { ReusableBlockUses } from './ReusableBlockUses';
import { SaveAsReusableProvider } from './reusable-actions';
import '../../i18n/editor';

/**
 * A page in edit mode (`{path}/edit`): the edit bar and every layout position with its block tools.
 * Loaded only when a page is edited, with the app's query client and task notices, so that none of
 * this reaches a visitor.
 */
export default function EditModePage({
  page,
  isTemplate = false,
}: {
  page: PageViewModel;
  isTemplate?: boolean;
}) {
  const isReusableBlock = isTemplate && page.templateKind === 'block';
  return (
    <AccountProviders>
      <AwaitsCode>
        <EditModeBar page={page} isTemplate={isTemplate} />
      </AwaitsCode>
      {/* The blocks and their tools hydrate after the bar, on their own (React hydrates a Suspense
          boundary later, in slices): the bar's buttons answer first (issue 35), and a click on a
          block's button waits until the blocks have hydrated. */}
      <Suspense fallback={null}>
        <AwaitsCode>
          <TypesOfThisScreen isReusableBlock={isReusableBlock}>
            <SaveAsReusableProvider pageGuid={page.guid}>
              <ArrangeablePage page={page} />
            </SaveAsReusableProvider>
          </TypesOfThisScreen>
          {isReusableBlock ? <ReusableBlockUses templateGuid={page.guid} /> : null}
        </AwaitsCode>
      </Suspense>
    </AccountProviders>
  );
}

const NO_TYPES_LEFT_OUT: ReadonlySet<BlockTypeName> = new Set();

/** A reusable block's own edit screen offers no reusable block to add. */
function TypesOfThisScreen({ isReusableBlock, children }: { isReusableBlock: boolean; children: ReactNode }) {
  return (
    <UnaddableBlockTypes.Provider value={isReusableBlock ? NOT_IN_REUSABLE_BLOCKS : NO_TYPES_LEFT_OUT}>
      {children}
    </UnaddableBlockTypes.Provider>
  );
}

const positionId = (position: LayoutPosition) => `${DND_POSITION_PREFIX}${position}`;

function positionOfId(order: BlockOrder, id: UniqueIdentifier): LayoutPosition | undefined {
  const key = String(id);
  if (key.startsWith(DND_POSITION_PREFIX)) {
    const position = key.slice(DND_POSITION_PREFIX.length) as LayoutPosition;
    return order[position] ? position : undefined;
  }
  return positionOf(order, key);
}

/**
 * Where the dragged block lands when it is over `overId`: in its own position at the place of the
 * block it is over (sortable lists move the others aside); in another position before the block it
 * is over, or after it when the dragged block is past its middle; at the end of a position it is
 * over but not over any of its blocks.
 */
function landingPlace(
  order: BlockOrder,
  guid: string,
  overId: UniqueIdentifier,
  isBelow: boolean,
): { position: LayoutPosition; index: number } | null {
  const from = positionOf(order, guid);
  const to = positionOfId(order, overId);
  if (!from || !to) return null;
  const targets = order[to] ?? [];
  const overIndex = targets.indexOf(String(overId));
  if (from === to) return { position: to, index: overIndex >= 0 ? overIndex : targets.indexOf(guid) };
  return { position: to, index: overIndex >= 0 ? overIndex + (isBelow ? 1 : 0) : targets.length };
}

/** True when the dragged rectangle's top is past the middle of the one it is over. */
function isPastMiddle(event: Pick<DragOverEvent, 'active' | 'over'>): boolean {
  const dragged = event.active.rect.current.translated;
  return dragged && event.over ? dragged.top > event.over.rect.top + event.over.rect.height / 2 : false;
}

/**
 * Under the pointer first (so an empty column takes a block dropped on it), else the nearest corners
 * (the keyboard, and a pointer between positions).
 */
const collisionDetection: CollisionDetection = (args) => {
  if (args.pointerCoordinates) {
    const within = pointerWithin(args);
    const block = within.find((collision) => !String(collision.id).startsWith(DND_POSITION_PREFIX));
    if (block) return [block];
    if (within.length > 0) return within;
  }
  return closestCorners(args);
};

const measuring = { droppable: { strategy: MeasuringStrategy.WhileDragging } };

/**
 * The page's positions as one drag-and-drop area (issue 13): blocks move within and across the
 * positions the layout shows, by pointer or keyboard, and by the up and down buttons. Every move
 * shows at once (the local order) and is then stored; a failed save puts the order back.
 */
function ArrangeablePage({ page }: { page: PageViewModel }) {
  const { t } = useTranslation();
  const { change } = useDraft(page.guid);
  const positions = useMemo(() => layoutPositions(page.layout), [page.layout]);
  const serverOrder = useMemo(() => blockOrder(page.blocks, positions), [page.blocks, positions]);
  // The local order, until the page's data reloads (then the server's order is the truth again).
  const [local, setLocal] = useState<{ basis: BlockOrder; order: BlockOrder } | null>(null);
  const order = local && local.basis === serverOrder ? local.order : serverOrder;
  // While dragging: the order as it is shown (the block over another position already sits there).
  const [dragging, setDragging] = useState<{ guid: string; start: BlockOrder; order: BlockOrder } | null>(
    null,
  );
  const shownOrder = dragging?.order ?? order;
  const shownPage = useMemo(
    () => ({ ...page, blocks: arrangedBlocks(page.blocks, shownOrder) }),
    [page, shownOrder],
  );
  const orderRef = useRef(order);
  orderRef.current = order;

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  /**
   * The one place a move is stored: shown at once, then saved in the draft (the same move, made on
   * the draft as the server has it); put back if the save fails.
   */
  const commit = useCallback(
    async (before: BlockOrder, moved: { order: BlockOrder }, guid: string) => {
      setLocal({ basis: serverOrder, order: moved.order });
      focusHandle(guid);
      const position = positionOf(moved.order, guid);
      const index = position ? (moved.order[position] ?? []).indexOf(guid) : -1;
      const saved = await change(t('blockEditor.tasks.move'), (document) => {
        const order = blockOrder(document.blocks, positions);
        const again = position ? moveBlock(order, guid, position, index) : null;
        return again ? documentWithOrder(document, again.order) : document;
      });
      if (!saved) {
        setLocal((current) =>
          current?.order === moved.order ? { basis: serverOrder, order: before } : current,
        );
        focusHandle(guid);
      }
    },
    [change, positions, serverOrder, t],
  );

  const arrange: DndArrange = useMemo(
    () => ({
      move(guid, toPosition, toIndex) {
        const before = orderRef.current;
        const moved = moveBlock(before, guid, toPosition, toIndex);
        if (moved) void commit(before, moved, guid);
      },
    }),
    [commit],
  );

  const blockName = (guid: string) => {
    const block = page.blocks.find((item) => item.guid === guid);
    const name =
      block && isBlockTypeName(block.name) ? t(`blockEditor.types.${block.name}`) : (block?.name ?? '');
    return t('blockEditor.dnd.block', { type: name });
  };
  const describe = (current: BlockOrder, guid: string, at?: { position: LayoutPosition; index: number }) => {
    const position = at?.position ?? positionOf(current, guid);
    const guids = position ? (current[position] ?? []) : [];
    const isThere = guids.includes(guid);
    return {
      block: blockName(guid),
      number: (at?.index ?? guids.indexOf(guid)) + 1,
      count: guids.length + (isThere ? 0 : 1),
      position: position ? t(`blockEditor.positions.${position}`) : '',
    };
  };
  // The announcements run before the drag's new order renders: they work out the place themselves,
  // as the drag handlers do, and say nothing when the place did not change.
  const shownRef = useRef(shownOrder);
  shownRef.current = shownOrder;
  const lastAnnounced = useRef('');
  const announceAt = (key: string, guid: string, at?: { position: LayoutPosition; index: number }) => {
    const values = describe(shownRef.current, guid, at);
    const place = `${values.position}:${values.number}:${values.count}`;
    if (key === 'blockEditor.dnd.over' && place === lastAnnounced.current) return undefined;
    lastAnnounced.current = place;
    return t(key, values);
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => announceAt('blockEditor.dnd.pickedUp', String(active.id)),
    onDragOver: (event) =>
      event.over
        ? announceAt(
            'blockEditor.dnd.over',
            String(event.active.id),
            landingPlace(shownRef.current, String(event.active.id), event.over.id, isPastMiddle(event)) ??
              undefined,
          )
        : undefined,
    onDragEnd: (event) =>
      event.over
        ? announceAt(
            'blockEditor.dnd.dropped',
            String(event.active.id),
            landingPlace(shownRef.current, String(event.active.id), event.over.id, false) ?? undefined,
          )
        : undefined,
    onDragCancel: ({ active }) => t('blockEditor.dnd.cancelled', { block: blockName(String(active.id)) }),
  };

  function dragStart({ active }: DragStartEvent) {
    setDragging({ guid: String(active.id), start: order, order });
  }

  // Over another position, the block joins it at once, so that its blocks make room for it there.
  function dragOver(event: DragOverEvent) {
    const { active, over } = event;
    if (!over) return;
    const guid = String(active.id);
    const isBelow = isPastMiddle(event);
    setDragging((drag) => {
      if (!drag || positionOf(drag.order, guid) === positionOfId(drag.order, over.id)) return drag;
      const place = landingPlace(drag.order, guid, over.id, isBelow);
      const moved = place && moveBlock(drag.order, guid, place.position, place.index);
      return moved ? { ...drag, order: moved.order } : drag;
    });
  }

  function dragEnd({ active, over }: DragEndEvent) {
    const drag = dragging;
    setDragging(null);
    if (!drag || !over) return;
    const guid = String(active.id);
    const place = landingPlace(drag.order, guid, over.id, false);
    if (!place) return;
    const landed = moveBlock(drag.order, guid, place.position, place.index)?.order ?? drag.order;
    const moved = moveBlock(drag.start, guid, place.position, (landed[place.position] ?? []).indexOf(guid));
    if (moved) void commit(drag.start, moved, guid);
  }

  const activeBlock = dragging ? page.blocks.find((block) => block.guid === dragging.guid) : undefined;
  const activeName =
    activeBlock && isBlockTypeName(activeBlock.name)
      ? t(`blockEditor.types.${activeBlock.name}`)
      : activeBlock?.name;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      measuring={measuring}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('blockEditor.dnd.instructions') },
      }}
      onDragStart={dragStart}
      onDragOver={dragOver}
      onDragEnd={dragEnd}
      onDragCancel={() => setDragging(null)}
    >
      <PageView
        page={shownPage}
        renderPosition={(position, blocks) => (
          <EditablePosition
            page={page}
            position={position}
            blocks={blocks}
            positionId={positionId(position)}
            arrange={arrange}
          />
        )}
      />
      <DragOverlay dropAnimation={null}>
        {activeBlock ? (
          <div className="editable-block-drag-overlay" aria-hidden="true">
            {activeName}
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

/** The moved block's drag handle takes the focus, once it is rendered in its new place. */
function focusHandle(guid: string) {
  requestAnimationFrame(() => {
    document.querySelector<HTMLElement>(`[data-drag-handle="${guid}"]`)?.focus();
  });
}
