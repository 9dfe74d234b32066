import { Alert, Button, Group, Loader, Menu, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { BLOCK_TYPE_NAMES, type BlockTypeName, isBlockTypeName } from '../../../common/blocks/names';
import { errorMessage, useTask } from '../../account/tasks';
import { useTranslation } from '../../i18n';
import { blockText } from '../edit/revision-compare';
import type { ItemBlockTarget } from './ItemBlockDrawer';
import { type ItemBlock, loadItemBlocks, moveItemBlock, removeItemBlock } from './item-api';
import '../../i18n/editor';

// The per-type editors (rich text, uploads…) load when a block is opened, not with the item form.
const ItemBlockDrawer = lazy(() => import('./ItemBlockDrawer'));

/** The block types an item may hold (server: lists/commands.ts): every type but lists and widgets. */
const ITEM_BLOCK_TYPES = BLOCK_TYPE_NAMES.filter(
  (name) => name !== 'list' && name !== 'widget' && name !== 'reusable' && name !== 'columns',
);

const SUMMARY_LENGTH = 80;

/**
 * A line that tells blocks of one type apart: their readable text as the history shows it (the
 * text's start, an image's alt, button labels, titles), and an image block without its image said.
 */
function summaryOf(block: ItemBlock, noImage: string): string {
  const lines = blockText(block, 'nl');
  if (block.buildingBlockName === 'image' && !block.options.imageGuid) lines.push(`(${noImage})`);
  const line = lines.join(' ');
  return line.length > SUMMARY_LENGTH ? `${line.slice(0, SUMMARY_LENGTH - 1)}…` : line;
}

/**
 * The item's own blocks apart from its text (issue 13): each with its type and a summary, to edit
 * in the same per-type editors as page blocks, move, or remove; and "Add block" with the types an
 * item may hold. Every change is saved at once on the item as stored (not with the form's fields).
 */
export function ItemBlocks({
  itemGuid,
  bodyGuid,
  onOverlayChange,
}: {
  itemGuid: string;
  bodyGuid: string | null;
  /**
   * Whether a block editor, the type menu or a confirmation is open over the item dialog: Mantine
   * closes every open dialog on Escape, so the item dialog ignores Escape meanwhile.
   */
  onOverlayChange(isOpen: boolean): void;
}) {
  const { t } = useTranslation();
  const run = useTask();
  const queryClient = useQueryClient();
  const queryKey = ['itemBlocks', itemGuid, bodyGuid];
  const blocks = useQuery({
    queryKey,
    queryFn: () => loadItemBlocks(itemGuid, bodyGuid),
    staleTime: 0,
    gcTime: 0,
  });
  const [target, setTarget] = useState<ItemBlockTarget | null>(null);
  const [toRemove, setToRemove] = useState<ItemBlock | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [isMenuOpen, setMenuOpen] = useState(false);
  const hasOverlay = target !== null || toRemove !== null || isMenuOpen;
  useEffect(() => {
    onOverlayChange(hasOverlay);
  }, [hasOverlay, onOverlayChange]);
  useEffect(() => () => onOverlayChange(false), [onOverlayChange]);

  const typeName = (name: string) => (isBlockTypeName(name) ? t(`blockEditor.types.${name}`) : name);
  const labelOf = (block: ItemBlock, index: number) =>
    t('blockEditor.blockLabel', { number: index + 1, type: typeName(block.buildingBlockName) });

  /** Runs a block write as a task; the list then shows the blocks as saved. */
  async function change(label: string, write: () => Promise<ItemBlock[]>) {
    setBusy(true);
    const saved = await run(label, write);
    if (saved) queryClient.setQueryData(queryKey, saved);
    setBusy(false);
    return saved;
  }

  async function remove(block: ItemBlock) {
    const saved = await change(t('blockEditor.tasks.delete'), () =>
      removeItemBlock(itemGuid, bodyGuid, block.guid),
    );
    if (saved) setToRemove(null);
  }

  let list: React.ReactNode;
  if (blocks.isError) {
    list = (
      <Alert color="red" role="alert">
        {errorMessage(blocks.error, t('itemBlocks.loadFailed'))}
      </Alert>
    );
  } else if (!blocks.data) {
    list = <Loader size="sm" aria-label={t('table.loading')} />;
  } else if (blocks.data.length === 0) {
    list = (
      <Text size="sm" c="dimmed">
        {t('itemBlocks.empty')}
      </Text>
    );
  } else {
    const count = blocks.data.length;
    list = (
      <Stack
        component="ol"
        gap={6}
        className="item-blocks-list"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {blocks.data.map((block, index) => {
          const label = labelOf(block, index);
          const summary = summaryOf(block, t('itemBlocks.noImage'));
          return (
            <Paper
              component="li"
              withBorder
              p="xs"
              key={block.guid}
              className="item-blocks-row"
              data-item-block={block.buildingBlockName}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {label}
                  </Text>
                  <Text size="sm" c="dimmed" truncate="end">
                    {summary || `(${t('itemBlocks.emptyBlock')})`}
                  </Text>
                </Stack>
                <Group gap={4} wrap="nowrap">
                  {isBlockTypeName(block.buildingBlockName) ? (
                    <Button
                      size="compact-sm"
                      variant="light"
                      aria-label={t('itemBlocks.editBlock', { block: label })}
                      onClick={() => setTarget({ kind: 'edit', block })}
                    >
                      {t('blockEditor.edit')}
                    </Button>
                  ) : null}
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    disabled={index === 0 || isBusy}
                    aria-label={t('itemBlocks.moveUp', { block: label })}
                    onClick={() =>
                      void change(t('blockEditor.tasks.move'), () =>
                        moveItemBlock(itemGuid, bodyGuid, block.guid, 'up'),
                      )
                    }
                  >
                    {t('blockEditor.moveUp')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    disabled={index === count - 1 || isBusy}
                    aria-label={t('itemBlocks.moveDown', { block: label })}
                    onClick={() =>
                      void change(t('blockEditor.tasks.move'), () =>
                        moveItemBlock(itemGuid, bodyGuid, block.guid, 'down'),
                      )
                    }
                  >
                    {t('blockEditor.moveDown')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    aria-label={t('itemBlocks.remove', { block: label })}
                    onClick={() => setToRemove(block)}
                  >
                    {t('blockEditor.delete')}
                  </Button>
                </Group>
              </Group>
            </Paper>
          );
        })}
      </Stack>
    );
  }

  return (
    <section className="item-blocks" aria-labelledby={`item-blocks-${itemGuid}`}>
      <Stack gap="xs">
        <Title order={3} size="h5" id={`item-blocks-${itemGuid}`}>
          {t('itemBlocks.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('itemBlocks.hint')}
        </Text>
        {list}
        <Group>
          <Menu position="bottom-start" withinPortal zIndex={300} onChange={setMenuOpen}>
            <Menu.Target>
              <Button size="compact-sm" variant="light" disabled={!blocks.data}>
                + {t('itemBlocks.add')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown aria-label={t('blockEditor.chooseType')}>
              {ITEM_BLOCK_TYPES.map((name: BlockTypeName) => (
                <Menu.Item key={name} onClick={() => setTarget({ kind: 'create', name })}>
                  {t(`blockEditor.types.${name}`)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Stack>
      {target ? (
        <Suspense fallback={null}>
          <ItemBlockDrawer
            itemGuid={itemGuid}
            bodyGuid={bodyGuid}
            target={target}
            onSaved={({ block, keepOpen }) => {
              void queryClient.invalidateQueries({ queryKey });
              setTarget(keepOpen ? { kind: 'edit', block } : null);
            }}
            onClose={() => setTarget(null)}
          />
        </Suspense>
      ) : null}
      <Modal
        opened={toRemove !== null}
        onClose={() => setToRemove(null)}
        zIndex={300}
        title={t('blockEditor.confirmDeleteTitle')}
      >
        <Text size="sm">{t('itemBlocks.confirmDelete')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setToRemove(null)}>
            {t('buttons.cancel')}
          </Button>
          <Button color="red" loading={isBusy} onClick={() => toRemove && void remove(toRemove)}>
            {t('buttons.delete')}
          </Button>
        </Group>
      </Modal>
    </section>
  );
}
