import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatMoment } from '../../../common/dates';
import { accountMeta } from '../../account/meta';
import { useViewer } from '../../account/viewer';
import { api, unwrap } from '../../api/client';
import { AdminPage } from '../../components/admin/AdminPage';
import { MediaLibrary } from '../../components/media/MediaLibrary';
import { useTranslation } from '../../i18n';
import type { Route } from './+types/media';
import '../../i18n/media';
import '@mantine/dropzone/styles.layer.css';
import '../../styles/media-library.css';

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, 'mediaLibrary.title');
}

/** The media library (issue 27): every image, searched, described once, replaced, deleted. */
export default function MediaLibraryPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('mediaLibrary.title')}>
      {useViewer()?.isAdmin ? <SweepReport /> : null}
      <MediaLibrary />
    </AdminPage>
  );
}

/**
 * For admins: what the last orphan sweep (once a day, server/jobs/media-sweep.ts) removed from the
 * storage: files no asset names, cached sizes of them, uploads that never finished.
 */
function SweepReport() {
  const { t, i18n } = useTranslation();
  const sweep = useQuery({
    queryKey: ['media', 'sweep'],
    queryFn: () => unwrap(api.GET('/api/media:sweep')),
  });
  const run = sweep.data?.lastRun;
  if (sweep.data === undefined) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="media-sweep-report">
      {run
        ? t('mediaLibrary.sweep.lastRun', {
            when: formatMoment(run.startedAt, i18n.language),
            originals: run.originals,
            variants: run.variants,
            scratch: run.scratch,
          })
        : t('mediaLibrary.sweep.never')}
    </Text>
  );
}
