import { Anchor, Button, Group, List, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTask } from '../../../account/tasks';
import { api, unwrap } from '../../../api/client';
import { useTranslation } from '../../../i18n';
import { isChanged, useCloseGuard } from '../../close-guard';
import { QueryStateRow } from '../QueryStateRow';
import { pageQueries, type ReusableBlock, titleIn } from './queries';
import '../../../i18n/admin';

type Draft = { guid: string | null; nl: string; en: string };

/**
 * Reusable blocks (issue 31): a block kept in one place and shown on many pages. The list with
 * where each is used; new (empty), rename, edit (its own edit screen with drafts and history) and
 * delete, which says where it is used and is refused while any page places it.
 */
export function ReusableBlocksSection() {
  const { t, i18n } = useTranslation();
  const run = useTask();
  const queryClient = useQueryClient();
  const blocks = useQuery(pageQueries.reusableBlocks);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [opened, setOpened] = useState<Draft | null>(null);
  const openDraft = (values: Draft) => {
    setOpened(values);
    setDraft(values);
  };
  const { close, closeOnEscape, question } = useCloseGuard(draft !== null && isChanged(draft, opened), () =>
    setDraft(null),
  );
  const [deleting, setDeleting] = useState<ReusableBlock | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: pageQueries.all });

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!draft) return;
    const title = { nl: draft.nl.trim(), ...(draft.en.trim() ? { en: draft.en.trim() } : {}) };
    const saved = await run(
      t(draft.guid ? 'adminPages.tasks.saveTemplate' : 'adminPages.tasks.createTemplate', {
        title: title.nl,
      }),
      async () => {
        const result = draft.guid
          ? await unwrap(
              api.PUT('/api/pagetemplates/{id}', { params: { path: { id: draft.guid } }, body: { title } }),
            )
          : await unwrap(api.POST('/api/pagetemplates', { body: { title, templateKind: 'block' } }));
        await refresh();
        return result;
      },
    );
    if (saved) {
      setDraft(null);
      window.setTimeout(
        () => document.querySelector<HTMLElement>(`[data-reusable-row="${saved.guid}"]`)?.focus(),
        150,
      );
    }
  }

  async function remove(target: ReusableBlock) {
    const done = await run(
      t('adminPages.tasks.deleteTemplate', { title: titleIn(target.title, i18n.language) }),
      async () => {
        await unwrap(api.DELETE('/api/pagetemplates/{id}', { params: { path: { id: target.guid } } }));
        await refresh();
        return true;
      },
    );
    setDeleting(null);
    if (done) window.setTimeout(() => newButton.current?.focus(), 150);
  }

  const list = blocks.data ?? [];
  return (
    <Stack gap="sm">
      <Text size="sm">{t('adminPages.reusable.intro')}</Text>
      <Group>
        <Button ref={newButton} onClick={() => openDraft({ guid: null, nl: '', en: '' })}>
          {t('adminPages.reusable.new')}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={360}>
        <Table striped aria-busy={blocks.isFetching}>
          <caption className="visually-hidden">{t('adminPages.reusable.caption')}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('adminPages.columns.title')}</Table.Th>
              <Table.Th>{t('adminPages.reusable.uses')}</Table.Th>
              <Table.Th>{t('adminPages.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <QueryStateRow
              query={blocks}
              isEmpty={list.length === 0}
              empty={t('adminPages.reusable.empty')}
              colSpan={3}
            />
            {list.map((block) => {
              const title = titleIn(block.title, i18n.language);
              return (
                <Table.Tr key={block.guid}>
                  <Table.Th scope="row" fw={500}>
                    <span tabIndex={-1} data-reusable-row={block.guid}>
                      {title}
                    </span>
                  </Table.Th>
                  <Table.Td>{t('adminPages.reusable.useCount', { count: block.useCount })}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="wrap">
                      <Button
                        size="xs"
                        variant="light"
                        component="a"
                        href={`/admin/pagetemplates/${block.guid}/edit`}
                      >
                        {t('adminPages.reusable.editBlocksButton')}
                        <span className="visually-hidden"> {title}</span>
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() =>
                          openDraft({ guid: block.guid, nl: block.title.nl, en: block.title.en ?? '' })
                        }
                      >
                        {t('adminPages.actions.settings')}
                        <span className="visually-hidden"> {title}</span>
                      </Button>
                      <Button size="xs" variant="light" color="red" onClick={() => setDeleting(block)}>
                        {t('buttons.delete')}
                        <span className="visually-hidden"> {title}</span>
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal
        opened={draft !== null}
        onClose={close}
        closeOnEscape={closeOnEscape}
        title={t(draft?.guid ? 'adminPages.reusable.renameTitle' : 'adminPages.reusable.createTitle')}
      >
        {draft ? (
          <form onSubmit={save}>
            <Stack gap="sm">
              <TextInput
                data-autofocus
                required
                maxLength={200}
                label={t('adminPages.form.titleNl')}
                value={draft.nl}
                onChange={(event) => setDraft({ ...draft, nl: event.currentTarget.value })}
              />
              <TextInput
                maxLength={200}
                label={t('adminPages.form.titleEn')}
                value={draft.en}
                onChange={(event) => setDraft({ ...draft, en: event.currentTarget.value })}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  {t('buttons.cancel')}
                </Button>
                <Button type="submit">{draft.guid ? t('adminPages.form.save') : t('buttons.create')}</Button>
              </Group>
            </Stack>
          </form>
        ) : null}
        {question}
      </Modal>
      {deleting ? (
        <DeleteDialog
          block={deleting}
          onCancel={() => setDeleting(null)}
          onDelete={() => void remove(deleting)}
        />
      ) : null}
    </Stack>
  );
}

/** Asks before deleting; while pages place the block it says which (with links) and does not offer to delete. */
function DeleteDialog({
  block,
  onCancel,
  onDelete,
}: {
  block: ReusableBlock;
  onCancel(): void;
  onDelete(): void;
}) {
  const { t, i18n } = useTranslation();
  const uses = useQuery(pageQueries.reusableBlockUses(block.guid));
  const title = titleIn(block.title, i18n.language);
  const pages = uses.data?.pages ?? [];
  const isInUse = pages.length > 0;
  return (
    <Modal
      opened
      onClose={onCancel}
      title={t(isInUse ? 'adminPages.reusable.inUseTitle' : 'adminPages.reusable.confirmDelete', { title })}
    >
      <Stack gap="sm">
        {uses.isPending ? (
          <Text size="sm" role="status">
            {t('adminPages.reusable.loadingUses')}
          </Text>
        ) : isInUse ? (
          <>
            <Text size="sm">{t('adminPages.reusable.inUseText')}</Text>
            <List size="sm" data-reusable-uses>
              {pages.map((page) => (
                <List.Item key={page.guid}>
                  <Anchor href={page.editUrl} size="sm">
                    {page.title}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </>
        ) : (
          <Text size="sm">{t('adminPages.reusable.confirmDeleteText')}</Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" data-autofocus onClick={onCancel}>
            {isInUse ? t('buttons.close') : t('buttons.cancel')}
          </Button>
          {isInUse || uses.isPending ? null : (
            <Button variant="light" color="red" onClick={onDelete}>
              {t('buttons.delete')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
