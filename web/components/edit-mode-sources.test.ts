import { describe, expect, it } from 'vitest';
import { editModeSources } from './edit-mode-sources';

describe('editModeSources (issue 35)', () => {
  it('names edit mode and its settings dialog for every page, a list’s item tools only where a list is', () => {
    const plain = editModeSources({ blocks: [{ name: 'text' }, { name: 'columns' }] });
    expect(plain).toEqual([
      'web/components/edit/EditModePage.tsx',
      'web/components/edit/PageSettingsDialog.tsx',
    ]);
    expect(editModeSources({ blocks: [{ name: 'text' }, { name: 'list' }] })).toEqual([
      ...plain,
      'web/components/lists/ListEditing.tsx',
    ]);
  });
});
