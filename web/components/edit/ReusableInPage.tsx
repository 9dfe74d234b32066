import { Anchor, Button, Group, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import type { BlockView, BlockViewOf } from '../../../common/blocks/index';
import type { DraftBlock } from '../../../common/page-drafts';
import { api, unwrap } from '../../api/client';
import { RenderBlock } from '../../blocks/registry';
import { useTranslation } from '../../i18n';
import { useDraft } from './draft';
import { documentWithBlockReplaced } from './reusable-blocks';
import '../../i18n/editor';

/**
 * A reusable block in edit mode (issue 31): its blocks as visitors see them (not edited here),
 * labelled with its name, a link to its own edit screen and "Loskoppelen", which puts copies of its
 * published blocks in its place in this page's draft, as blocks of the page's own.
 */
export function ReusableInPage({
  pageGuid,
  block,
  number,
}: {
  pageGuid: string;
  block: BlockView & { name: 'reusable' };
  /** Its number in its position ("blok 2"), for the button's name. */
  number: number;
}) {
  const { t } = useTranslation();
  const { change } = useDraft(pageGuid);
  const [isBusy, setBusy] = useState(false);
  const view = block as BlockViewOf<'reusable'>;
  const templateGuid = view.options.templateId;
  const title = view.data ? view.data.title : null;
  const label = title !== null ? t('blockEditor.reusable.label', { title }) : t('blockEditor.reusable.gone');

  const detach = useCallback(async () => {
    if (!templateGuid) return;
    setBusy(true);
    let copies: DraftBlock[] = [];
    const done = await change(t('blockEditor.reusable.detachTask'), async (document) => {
      const answer = await unwrap(
        api.POST('/api/reusableblocks/{id}/copies', {
          params: { path: { id: templateGuid } },
          body: { page: pageGuid },
        }),
      );
      copies = answer.blocks as DraftBlock[];
      return documentWithBlockReplaced(document, block.guid, copies);
    });
    setBusy(false);
    if (done) focusAfterDetach(copies[0]?.guid ?? null, block.position);
  }, [change, t, templateGuid, pageGuid, block.guid, block.position]);

  return (
    <div className="reusable-in-page" data-reusable-block={templateGuid ?? ''}>
      <Group className="reusable-in-page-bar" gap="xs" justify="space-between" wrap="wrap">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Group gap="xs" wrap="wrap">
          {title !== null && templateGuid ? (
            <Anchor href={`/admin/pagetemplates/${templateGuid}/edit`} size="sm">
              {t('blockEditor.reusable.editLink')}
              <span className="visually-hidden"> {title}</span>
            </Anchor>
          ) : null}
          {title !== null ? (
            <Button
              size="compact-xs"
              variant="light"
              loading={isBusy}
              onClick={() => void detach()}
              data-detach={block.guid}
              aria-label={t('blockEditor.reusable.detachNamed', { title: `${title} (${number})` })}
            >
              {t('blockEditor.reusable.detach')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {view.data === null ? (
        <Text size="sm" c="dimmed" className="editable-block-placeholder">
          {t('blockEditor.reusable.goneText')}
        </Text>
      ) : view.data.blocks.length === 0 ? (
        <Text size="sm" c="dimmed" className="editable-block-placeholder">
          {t('blockEditor.reusable.empty')}
        </Text>
      ) : (
        <RenderBlock block={block} />
      )}
    </div>
  );
}

/** After a detach the first copy takes the focus (none: the position's "add block" button). */
function focusAfterDetach(guid: string | null, position: string, frames = 30) {
  requestAnimationFrame(() => {
    const target = guid
      ? document.querySelector<HTMLElement>(`[data-editable-block][data-guid="${guid}"]`)
      : document.querySelector<HTMLElement>(`[data-add-block="${position}"]`);
    if (target) target.focus();
    else if (frames > 0) focusAfterDetach(guid, position, frames - 1);
  });
}
