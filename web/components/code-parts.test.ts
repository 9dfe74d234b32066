import { describe, expect, it } from 'vitest';
import { editModeCode } from './code-parts';

describe('editModeCode (issue 35)', () => {
  it('names edit mode and its settings dialog for every page, a list’s item tools only where a list is', () => {
    const asked: string[][] = [];
    const app = {
      codeAssets: (sources: readonly string[]) => {
        asked.push([...sources]);
        return { scripts: [], styles: [] };
      },
    };
    editModeCode(app, { blocks: [{ name: 'text' }, { name: 'columns' }] });
    editModeCode(app, { blocks: [{ name: 'text' }, { name: 'list' }] });
    expect(asked[0]).toEqual([
      'web/components/edit/EditModePage.tsx',
      'web/components/edit/PageSettingsDialog.tsx',
    ]);
    expect(asked[1]).toEqual([...(asked[0] ?? []), 'web/components/lists/ListEditing.tsx']);
  });
});
