import { Button, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTask } from '../../../account/tasks';
import { api, unwrap } from '../../../api/client';
import { useTranslation } from '../../../i18n';
import { isChanged, useCloseGuard } from '../../close-guard';
import { QueryStateRow } from '../QueryStateRow';
import { type PageTemplate, pageQueries, titleIn } from './queries';
import '../../../i18n/admin';

type Draft = { guid: string | null; nl: string; en: string; templateKind: 'header' | 'footer' };

/** Header and footer templates: list, create, rename, delete (refused while in use). */
export function TemplatesSection() {
  const { t, i18n } = useTranslation();
  const run = useTask();
  const queryClient = useQueryClient();
  const templates = useQuery(pageQueries.templates);
  const [draft, setDraft] = useState<Draft | null>(null);
  // What the dialog opened with: closing with other input (Annuleer, Escape, …) asks first.
  const [opened, setOpened] = useState<Draft | null>(null);
  const openDraft = (values: Draft) => {
    setOpened(values);
    setDraft(values);
  };
  const { close, closeOnEscape, question } = useCloseGuard(draft !== null && isChanged(draft, opened), () =>
    setDraft(null),
  );
  const [deleting, setDeleting] = useState<PageTemplate | null>(null);
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
              api.PUT('/api/pagetemplates/{id}', {
                params: { path: { id: draft.guid } },
                body: { title, templateKind: draft.templateKind },
              }),
            )
          : await unwrap(
              api.POST('/api/pagetemplates', { body: { title, templateKind: draft.templateKind } }),
            );
        await refresh();
        return result;
      },
    );
    if (saved) {
      setDraft(null);
      window.setTimeout(
        () => document.querySelector<HTMLElement>(`[data-template-row="${saved.guid}"]`)?.focus(),
        150,
      );
    }
  }

  async function remove() {
    if (!deleting) return;
    const target = deleting;
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

  // Reusable blocks (issue 31) are templates too; they have a tab of their own (ReusableBlocksSection).
  const list = (templates.data ?? []).filter(
    (template): template is PageTemplate & { templateKind: Draft['templateKind'] } =>
      template.templateKind !== 'block',
  );
  return (
    <Stack gap="sm">
      <Text size="sm">{t('adminPages.templates.intro')}</Text>
      <Group>
        <Button
          ref={newButton}
          onClick={() => openDraft({ guid: null, nl: '', en: '', templateKind: 'header' })}
        >
          {t('adminPages.templates.new')}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={360}>
        <Table striped aria-busy={templates.isFetching}>
          <caption className="visually-hidden">{t('adminPages.templates.caption')}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('adminPages.columns.title')}</Table.Th>
              <Table.Th>{t('adminPages.templates.kind')}</Table.Th>
              <Table.Th>{t('adminPages.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <QueryStateRow
              query={templates}
              isEmpty={list.length === 0}
              empty={t('adminPages.templates.empty')}
              colSpan={3}
            />
            {list.map((template) => {
              const title = titleIn(template.title, i18n.language);
              return (
                <Table.Tr key={template.guid}>
                  <Table.Th scope="row" fw={500}>
                    <span tabIndex={-1} data-template-row={template.guid}>
                      {title}
                    </span>
                  </Table.Th>
                  <Table.Td>{t(`adminPages.templates.${template.templateKind}`)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="wrap">
                      <Button
                        size="xs"
                        variant="light"
                        component="a"
                        href={`/admin/pagetemplates/${template.guid}/edit`}
                      >
                        {t('adminPages.templates.editBlocksButton')}
                        <span className="visually-hidden"> {title}</span>
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() =>
                          openDraft({
                            guid: template.guid,
                            nl: template.title.nl,
                            en: template.title.en ?? '',
                            templateKind: template.templateKind,
                          })
                        }
                      >
                        {t('adminPages.actions.settings')}
                        <span className="visually-hidden"> {title}</span>
                      </Button>
                      <Button size="xs" variant="light" color="red" onClick={() => setDeleting(template)}>
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
        title={t(draft?.guid ? 'adminPages.templates.renameTitle' : 'adminPages.templates.createTitle')}
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
              <Select
                label={t('adminPages.templates.kind')}
                allowDeselect={false}
                data={[
                  { value: 'header', label: t('adminPages.templates.header') },
                  { value: 'footer', label: t('adminPages.templates.footer') },
                ]}
                value={draft.templateKind}
                onChange={(value) =>
                  value && setDraft({ ...draft, templateKind: value as Draft['templateKind'] })
                }
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
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('adminPages.templates.confirmDelete', {
          title: deleting ? titleIn(deleting.title, i18n.language) : '',
        })}
      >
        <Stack gap="sm">
          <Text size="sm">{t('adminPages.templates.confirmDeleteText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" data-autofocus onClick={() => setDeleting(null)}>
              {t('buttons.cancel')}
            </Button>
            <Button variant="light" color="red" onClick={() => void remove()}>
              {t('buttons.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
