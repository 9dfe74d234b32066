import type { PageView as PageViewModel } from '../../../common/site';
import { AccountProviders } from '../../account/AccountProviders';
import { PageView } from '../../layouts/PageView';
import { EditablePosition } from './EditableBlocks';
import { EditModeBar } from './EditMode';

/**
 * A page in edit mode (`{path}/edit`): the edit bar and every layout position with its block tools.
 * Loaded only when a page is edited, with the app's query client and task notices, so that none of
 * this reaches a visitor.
 */
export default function EditModePage({ page }: { page: PageViewModel }) {
  return (
    <AccountProviders>
      <EditModeBar page={page} />
      <PageView
        page={page}
        renderPosition={(position, blocks) => (
          <EditablePosition page={page} position={position} blocks={blocks} />
        )}
      />
    </AccountProviders>
  );
}
