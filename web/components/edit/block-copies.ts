import type { DraftBlock } from '../../../common/page-drafts';
import { api, unwrap } from '../../api/client';

/**
 * A copy of a block for the draft of page `pageGuid` (of a block there: "Dupliceren"; of one on
 * another page: "Kopiëren naar een andere pagina"): a new guid, and an image block's image recorded
 * again for it. Nothing is saved yet: the caller puts it in the draft.
 */
export async function copyOfBlock(pageGuid: string, blockGuid: string): Promise<DraftBlock> {
  const copy = await unwrap(
    api.POST('/api/pages/{id}/blockcopies', {
      params: { path: { id: pageGuid } },
      body: { block: blockGuid },
    }),
  );
  return copy as DraftBlock;
}
