import { Menu } from '@mantine/core';
import { createContext, lazy, type ReactNode, Suspense, useContext, useState } from 'react';
import type { BlockView } from '../../../common/blocks/index';
import { useViewer } from '../../account/viewer';
import { useTranslation } from '../../i18n';
import '../../i18n/editor';

const SaveAsReusableDialog = lazy(() => import('./SaveAsReusableDialog'));

/** Blocks that cannot become a reusable block (issue 31; the server's NOT_REUSABLE). */
const NOT_REUSABLE = new Set(['list', 'widget', 'reusable']);

const SaveAsReusable = createContext<((block: BlockView) => void) | null>(null);

/**
 * Edit mode's "Opslaan als herbruikbaar blok" (issue 31) for every block of the page (in a column
 * too): the block's tools ask through `SaveAsReusableItem`, the one dialog lives here. After it
 * the focus goes to the new reusable block, or back to the block when cancelled.
 */
export function SaveAsReusableProvider({ pageGuid, children }: { pageGuid: string; children: ReactNode }) {
  const [block, setBlock] = useState<BlockView | null>(null);
  return (
    <SaveAsReusable.Provider value={setBlock}>
      {children}
      {block ? (
        <Suspense fallback={null}>
          <SaveAsReusableDialog
            pageGuid={pageGuid}
            block={block}
            onClose={() => {
              setBlock(null);
              focusBlock(block.guid);
            }}
            onSaved={(guid) => {
              setBlock(null);
              focusBlock(guid);
            }}
          />
        </Suspense>
      ) : null}
    </SaveAsReusable.Provider>
  );
}

/** Whether the block's menu offers "Opslaan als herbruikbaar blok": to admins (making one is `pageTemplate.manage`), for blocks that can be one. */
export function useCanSaveAsReusable(block: BlockView): boolean {
  const open = useContext(SaveAsReusable);
  const isAdmin = useViewer()?.isAdmin === true;
  return open !== null && isAdmin && !NOT_REUSABLE.has(block.name);
}

/** The block's menu item (when `useCanSaveAsReusable`). */
export function SaveAsReusableItem({ block }: { block: BlockView }) {
  const { t } = useTranslation();
  const open = useContext(SaveAsReusable);
  if (!useCanSaveAsReusable(block) || !open) return null;
  return <Menu.Item onClick={() => open(block)}>{t('blockEditor.saveAsReusable')}</Menu.Item>;
}

function focusBlock(guid: string, frames = 30) {
  requestAnimationFrame(() => {
    const target = document.querySelector<HTMLElement>(`[data-editable-block][data-guid="${guid}"]`);
    if (target) target.focus();
    else if (frames > 0) focusBlock(guid, frames - 1);
  });
}
