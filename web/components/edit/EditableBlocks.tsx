import './block-editor.css';
import { ActionIcon, Button, Group, Menu, Modal, Text, Tooltip } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useRevalidator } from 'react-router';
import { type BlockTypeName, type BlockView, isBlockTypeName } from '../../../common/blocks/index';
import type { LayoutPosition } from '../../../common/pages';
import type { PageView } from '../../../common/site';
import { useTask } from '../../account/tasks';
import { api, unwrap } from '../../api/client';
import { RenderBlock } from '../../blocks/registry';
import { useTranslation } from '../../i18n';
import { ADDABLE_BLOCK_TYPES, isBlockEmpty, movedOrder } from './block-editing';
import '../../i18n/editor';

// The editors (Tiptap, the upload control) load only when an editor opens: visitors and the first
// paint of edit mode never download them.
const BlockEditorDrawer = lazy(() => import('./BlockEditorDrawer'));

/** What the editor drawer works on: an existing block, or a new one of a type at a position. */
export type EditTarget =
  | { kind: 'edit'; guid: string; name: string }
  | { kind: 'create'; name: BlockTypeName; position: LayoutPosition };

/**
 * One layout position of a page in edit mode: its blocks, each with a toolbar (edit, move up,
 * move down, delete), blocks visitors would not see as a placeholder, and an "add block" button
 * with a type picker.
 */
export function EditablePosition({
  page,
  position,
  blocks,
}: {
  page: PageView;
  position: LayoutPosition;
  blocks: BlockView[];
}) {
  const { t } = useTranslation();
  const run = useTask();
  const { revalidate } = useRevalidator();
  const [target, setTarget] = useState<EditTarget | null>(null);
  const [toDelete, setToDelete] = useState<BlockView | null>(null);
  const [isBusy, setBusy] = useState(false);
  const guids = blocks.map((block) => block.guid);

  async function move(block: BlockView, direction: -1 | 1) {
    const order = movedOrder(guids, block.guid, direction);
    if (!order) return;
    setBusy(true);
    const done = await run(t('blockEditor.tasks.move'), () =>
      unwrap(
        api.POST('/api/pages/{id}/buildingblockinstances:reorder', {
          params: { path: { id: page.guid } },
          body: { position, guids: order },
        }),
      ),
    );
    if (done) await revalidate();
    setBusy(false);
    // The moved block keeps the focus: the same button again, or the block when it reached the end.
    focusBlock(block.guid, direction === -1 ? 'up' : 'down');
  }

  async function saved({ guid, keepOpen }: { guid: string; keepOpen: boolean }) {
    await revalidate();
    if (keepOpen) {
      setTarget({ kind: 'edit', guid, name: 'image' });
      return;
    }
    setTarget(null);
    focusBlock(guid);
  }

  async function remove(block: BlockView) {
    setBusy(true);
    const done = await run(t('blockEditor.tasks.delete'), async () => {
      await unwrap(
        api.DELETE('/api/buildingblockinstance/{guid}', { params: { path: { guid: block.guid } } }),
      );
      return true;
    });
    setToDelete(null);
    if (done) await revalidate();
    setBusy(false);
    // The block is gone: the position's "add block" button is the nearest sensible place.
    focusAddButton(position);
  }

  const positionName = t(`blockEditor.positions.${position}`);
  return (
    <div className="editable-position" data-editable-position={position}>
      {blocks.map((block, index) => {
        const typeName = isBlockTypeName(block.name) ? t(`blockEditor.types.${block.name}`) : block.name;
        const isEmpty = isBlockEmpty(block);
        return (
          <section
            key={block.guid}
            className="editable-block"
            data-editable-block={block.name}
            data-guid={block.guid}
            tabIndex={-1}
            aria-label={t('blockEditor.blockLabel', { type: typeName, number: index + 1 })}
          >
            <Group className="editable-block-toolbar" gap={4} justify="space-between" wrap="nowrap">
              <Text size="xs" fw={600} c="dimmed">
                {typeName}
              </Text>
              <Group gap={4} wrap="nowrap">
                <Button
                  size="compact-xs"
                  variant="light"
                  disabled={!isBlockTypeName(block.name)}
                  onClick={() => setTarget({ kind: 'edit', guid: block.guid, name: block.name })}
                >
                  {t('blockEditor.edit')}
                </Button>
                <Tooltip label={t('blockEditor.moveUp')}>
                  <ActionIcon
                    size="sm"
                    variant="default"
                    aria-label={t('blockEditor.moveUp')}
                    data-move="up"
                    disabled={index === 0 || isBusy}
                    onClick={() => void move(block, -1)}
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
                    disabled={index === blocks.length - 1 || isBusy}
                    onClick={() => void move(block, 1)}
                  >
                    <span aria-hidden="true">↓</span>
                  </ActionIcon>
                </Tooltip>
                <Button size="compact-xs" variant="light" color="red" onClick={() => setToDelete(block)}>
                  {t('blockEditor.delete')}
                </Button>
              </Group>
            </Group>
            {isEmpty ? (
              <div className="editable-block-placeholder">
                <Text size="sm" c="dimmed">
                  {t('blockEditor.placeholder', { type: typeName })}
                </Text>
              </div>
            ) : (
              <RenderBlock block={block} />
            )}
          </section>
        );
      })}
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button
            size="compact-sm"
            variant="subtle"
            className="add-block-button"
            data-add-block={position}
            aria-label={t('blockEditor.addTo', { position: positionName })}
          >
            + {t('blockEditor.add')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown aria-label={t('blockEditor.chooseType')}>
          {ADDABLE_BLOCK_TYPES.map((name) => (
            <Menu.Item key={name} onClick={() => setTarget({ kind: 'create', name, position })}>
              {t(`blockEditor.types.${name}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
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

/** After the page's data reloads, the block (or one of its move buttons) takes the focus. */
function focusBlock(guid: string, move?: 'up' | 'down') {
  requestAnimationFrame(() => {
    const block = document.querySelector<HTMLElement>(`[data-editable-block][data-guid="${guid}"]`);
    const button = move
      ? block?.querySelector<HTMLButtonElement>(`[data-move="${move}"]:not(:disabled)`)
      : null;
    (button ?? block)?.focus();
  });
}

function focusAddButton(position: LayoutPosition) {
  requestAnimationFrame(() => {
    document.querySelector<HTMLElement>(`[data-add-block="${position}"]`)?.focus();
  });
}
