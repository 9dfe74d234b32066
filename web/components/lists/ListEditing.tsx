import { Button, Group, Modal, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { ListItemView, ListPage } from '../../../common/list-items';
import type { BlockView, ListBlockData } from '../../../common/site';
import { useTask } from '../../account/tasks';
import { useTranslation } from '../../i18n';
import { AwaitsCode } from '../click-hold';
import { type EditorTarget, ItemEditor } from './ItemEditor';
import { createItem, deleteItem, type ItemDraft, moveItem, updateItem } from './item-api';

type Tools = (item: ListItemView, index: number) => ReactNode;

/**
 * The item tools of a list in edit mode: "add item" above the list, edit and delete per item, and
 * move up/down when the editors order the list by hand. Outside edit mode it adds nothing.
 */
export type ListEditingProps = {
  block: BlockView;
  data: ListBlockData;
  page: ListPage;
  isEditing: boolean;
  /** After a save: lists loaded in the browser (lazyLoad) fetch their page again. */
  onChanged?: () => void;
  children: (tools: Tools) => ReactNode;
};

export function ListEditing(props: ListEditingProps) {
  if (!props.isEditing) return props.children(() => null);
  return <ListEditingTools {...props} />;
}

function ListEditingTools({
  block,
  data,
  page,
  onChanged,
  children,
}: {
  block: BlockView;
  data: ListBlockData;
  page: ListPage;
  onChanged?: () => void;
  children: (tools: Tools) => ReactNode;
}) {
  const { t } = useTranslation();
  const run = useTask();
  const { revalidate } = useRevalidator();
  const [target, setTarget] = useState<EditorTarget | null>(null);
  const [deleting, setDeleting] = useState<ListItemView | null>(null);
  const isManual = data.options.sortOrder === 'manual' && page.sortBy === 'manual';

  const refresh = async () => {
    onChanged?.();
    await revalidate();
  };

  async function save(draft: ItemDraft, editing: EditorTarget): Promise<boolean> {
    const label = editing.mode === 'new' ? t('lists.editor.create') : t('lists.editor.save');
    const saved = await run(label, async () => {
      if (editing.mode === 'new') await createItem(block.guid, draft);
      else await updateItem(editing.guid, draft);
      return true;
    });
    if (saved === undefined) return false;
    await refresh();
    return true;
  }

  async function remove(item: ListItemView) {
    setDeleting(null);
    const done = await run(t('lists.editor.delete', { title: item.title }), () => deleteItem(item.guid));
    if (done !== undefined) await refresh();
  }

  async function move(item: ListItemView, neighbour: ListItemView | undefined, direction: 'up' | 'down') {
    if (!neighbour) return;
    const done = await run(t('lists.editor.move', { title: item.title }), () =>
      moveItem(block.guid, item, neighbour, direction),
    );
    if (done !== undefined) await refresh();
  }

  const tools: Tools = (item, index) =>
    data.abilities.editItems ? (
      <Group gap="xs" className="list-item-tools">
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => setTarget({ mode: 'edit', guid: item.guid })}
          aria-label={t('lists.editor.editItem', { title: item.title })}
        >
          {t('lists.editor.edit')}
        </Button>
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          onClick={() => setDeleting(item)}
          aria-label={t('lists.editor.deleteItem', { title: item.title })}
        >
          {t('buttons.delete')}
        </Button>
        {isManual ? (
          <>
            <Button
              size="compact-sm"
              variant="default"
              disabled={index === 0}
              onClick={() => void move(item, page.items[index - 1], 'up')}
              aria-label={t('lists.editor.moveUp', { title: item.title })}
            >
              ↑
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              disabled={index === page.items.length - 1}
              onClick={() => void move(item, page.items[index + 1], 'down')}
              aria-label={t('lists.editor.moveDown', { title: item.title })}
            >
              ↓
            </Button>
          </>
        ) : null}
      </Group>
    ) : null;

  // The server renders these tools in edit mode; they wait for this lazily loaded code (issue 35).
  return (
    <AwaitsCode>
      {data.abilities.addItem ? (
        <Group className="list-edit-bar" mb="sm">
          <Button onClick={() => setTarget({ mode: 'new' })}>{t('lists.addItem')}</Button>
        </Group>
      ) : null}
      {children(tools)}
      <ItemEditor
        target={target}
        blockGuid={block.guid}
        defaultType={data.itemTypes[0] ?? ''}
        onClose={() => setTarget(null)}
        onSave={save}
      />
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('lists.editor.deleteTitle')}
      >
        <Text>{t('lists.editor.deleteConfirm', { title: deleting?.title ?? '' })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setDeleting(null)}>
            {t('buttons.cancel')}
          </Button>
          <Button color="red" onClick={() => deleting && void remove(deleting)}>
            {t('buttons.delete')}
          </Button>
        </Group>
      </Modal>
    </AwaitsCode>
  );
}
