/**
 * Edit mode's modules, by their source paths (the keys of the build's manifest), for the server to
 * name in a page's head (components/code-parts.tsx `editModeCode`, server/http/code-assets.ts): edit
 * mode with its page settings dialog, the bar's first button (issue 35: its first click answers
 * without waiting for the dialog's files), and a list's item tools only for a page that shows a
 * list (about 200 KB of script otherwise fetched for nothing).
 */
const EDIT_MODE_SOURCES = [
  'web/components/edit/EditModePage.tsx',
  'web/components/edit/PageSettingsDialog.tsx',
];
const LIST_EDITING_SOURCE = 'web/components/lists/ListEditing.tsx';

export function editModeSources(page: { blocks: readonly { name: string }[] }): readonly string[] {
  const hasList = page.blocks.some((block) => block.name === 'list');
  return hasList ? [...EDIT_MODE_SOURCES, LIST_EDITING_SOURCE] : EDIT_MODE_SOURCES;
}
