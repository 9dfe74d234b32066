import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { BlockView } from '../../../common/blocks/index';
import { errorMessage, useTask } from '../../account/tasks';
import { api, unwrap } from '../../api/client';
import { useTranslation } from '../../i18n';
import { copyOfBlock } from './block-copies';
import '../../i18n/editor';

/** The pages and templates the editor may change, but this one. */
const editablePagesQuery = {
  queryKey: ['pages', 'editable'] as const,
  queryFn: async () => {
    const pages = await unwrap(api.GET('/api/pages', { params: { query: {} } }));
    return pages.filter((page) => page.abilities.update);
  },
};

/**
 * "Kopiëren naar een andere pagina" (issue 13): a copy of the block goes to the end of the main
 * area of another page's (or template's) draft, its image recorded again for the copy; that page's
 * visitors see it once it is published there.
 */
export default function CopyBlockDialog({
  pageGuid,
  block,
  label,
  onClose,
}: {
  pageGuid: string;
  block: BlockView;
  /** The block in words ("Blok 2: Afbeelding"). */
  label: string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const run = useTask();
  const pages = useQuery(editablePagesQuery);
  const [target, setTarget] = useState<string | null>(null);
  const [isSubmitted, setSubmitted] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const options = (pages.data ?? [])
    .filter((page) => page.guid !== pageGuid)
    .map((page) => ({
      value: page.guid,
      label: page.isTemplate ? `${page.title} (${t('blockEditor.copy.template')})` : page.title,
    }))
    .sort((a, b) => a.label.localeCompare(b.label));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const page = options.find((option) => option.value === target);
    if (!target || !page) return;
    setBusy(true);
    const copied = await run(t('blockEditor.tasks.copy', { page: page.label }), async () => {
      const copy = await copyOfBlock(target, block.guid);
      const draft = await unwrap(api.GET('/api/pages/{id}/draft', { params: { path: { id: target } } }));
      return unwrap(
        api.PUT('/api/pages/{id}/draft', {
          params: { path: { id: target } },
          body: {
            version: draft.version,
            revision: draft.revision,
            document: {
              ...draft.document,
              blocks: [...draft.document.blocks, { ...copy, position: 'main' }],
            },
          },
        }),
      );
    });
    setBusy(false);
    if (copied) onClose();
  }

  return (
    <Modal opened onClose={onClose} title={t('blockEditor.copy.title')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('blockEditor.copy.intro', { block: label })}</Text>
          {pages.error ? (
            <Alert color="red" role="alert">
              {errorMessage(pages.error, t('blockEditor.copy.loadFailed'))}
            </Alert>
          ) : pages.data && options.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('blockEditor.copy.none')}
            </Text>
          ) : (
            <Select
              label={t('blockEditor.copy.page')}
              data={options}
              value={target}
              onChange={setTarget}
              searchable
              required
              nothingFoundMessage={t('blockEditor.copy.nothingFound')}
              disabled={!pages.data}
              error={isSubmitted && !target ? t('auth.required') : null}
              data-autofocus
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('buttons.cancel')}
            </Button>
            <Button type="submit" loading={isBusy} disabled={options.length === 0}>
              {t('blockEditor.copy.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
