import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { BlockView } from '../../../common/blocks/index';
import { useTask } from '../../account/tasks';
import { api, unwrap } from '../../api/client';
import { useTranslation } from '../../i18n';
import { isChanged, useCloseGuard } from '../close-guard';
import { useDraft } from './draft';
import { documentWithBlockReplaced, reusableDraftBlock } from './reusable-blocks';
import '../../i18n/editor';

const EMPTY = { nl: '', en: '' };

/**
 * "Opslaan als herbruikbaar blok" (issue 31): asks a name, makes the reusable block with a copy of
 * the block (published), and puts a reusable block naming it in the block's place in this page's
 * draft. The new reusable block then takes the focus.
 */
export default function SaveAsReusableDialog({
  pageGuid,
  block,
  onClose,
  onSaved,
}: {
  pageGuid: string;
  block: BlockView;
  onClose(): void;
  onSaved(guid: string): void;
}) {
  const { t } = useTranslation();
  const run = useTask();
  const queryClient = useQueryClient();
  const { change } = useDraft(pageGuid);
  const [names, setNames] = useState(EMPTY);
  const [isBusy, setBusy] = useState(false);
  const { close, closeOnEscape, question } = useCloseGuard(isChanged(names, EMPTY), onClose);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const title = { nl: names.nl.trim(), ...(names.en.trim() ? { en: names.en.trim() } : {}) };
    if (!title.nl) return;
    setBusy(true);
    const created = await run(t('blockEditor.reusable.saveTask', { title: title.nl }), () =>
      unwrap(api.POST('/api/reusableblocks', { body: { title, page: pageGuid, block: block.guid } })),
    );
    if (!created) {
      setBusy(false);
      return;
    }
    void queryClient.invalidateQueries({ queryKey: ['reusableblocks'] });
    const guid = crypto.randomUUID();
    const done = await change(t('blockEditor.reusable.saveTask', { title: title.nl }), (document) =>
      documentWithBlockReplaced(document, block.guid, [
        reusableDraftBlock(guid, created.guid, block.position),
      ]),
    );
    setBusy(false);
    if (done) onSaved(guid);
  }

  return (
    <Modal opened onClose={close} closeOnEscape={closeOnEscape} title={t('blockEditor.reusable.saveTitle')}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm">{t('blockEditor.reusable.saveIntro')}</Text>
          <TextInput
            data-autofocus
            required
            maxLength={200}
            label={t('blockEditor.reusable.name')}
            value={names.nl}
            onChange={(event) => setNames({ ...names, nl: event.currentTarget.value })}
          />
          <TextInput
            maxLength={200}
            label={t('blockEditor.reusable.nameEn')}
            value={names.en}
            onChange={(event) => setNames({ ...names, en: event.currentTarget.value })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('buttons.cancel')}
            </Button>
            <Button type="submit" loading={isBusy}>
              {t('blockEditor.reusable.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      {question}
    </Modal>
  );
}
