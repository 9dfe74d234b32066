/**
 * Edit mode's page settings dialog (issue 26): the admin pages table's form, as a lazily loaded part
 * of its own, so the server can name its files among edit mode's (`EDIT_MODE_SOURCES`,
 * components/code-parts.tsx) and the bar's first click on it does not wait for them (issue 35).
 */
export { EditPageSettingsDialog as default } from '../admin/pages/PageFormDialog';
