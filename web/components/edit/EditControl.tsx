import { Button } from '@mantine/core';
import { Link } from 'react-router';
import type { PageView } from '../../../common/site';
import { useTranslation } from '../../i18n';

/** The path of a page's edit mode: the page's path plus /edit (SPEC 2). */
export const editPathOf = (path: string) => `${path === '/' ? '' : path}/edit`;

/**
 * SPEC 6: the edit control shows only when signed in, allowed to edit this page (the abilities
 * that come with the page data), and the route does not hide editing.
 */
export function EditControl({ page }: { page: PageView }) {
  const { t } = useTranslation();
  if (!page.abilities.update) return null;
  return (
    <Button
      component={Link}
      to={editPathOf(page.path)}
      variant="light"
      size="compact-sm"
      className="edit-control"
    >
      {t('edit.open')}
    </Button>
  );
}
