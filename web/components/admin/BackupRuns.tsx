import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDay, formatMoment } from '../../../common/dates';
import { api, unwrap } from '../../api/client';
import { useTranslation } from '../../i18n';
import { QueryState } from '../account/QueryState';
import '../../i18n/admin';

/** Megabytes with one decimal (kilobytes below one megabyte). */
function size(bytes: number, locale: string): string {
  const format = (value: number, unit: string) =>
    `${value.toLocaleString(locale === 'en' ? 'en-GB' : 'nl-NL', { maximumFractionDigits: 1 })} ${unit}`;
  return bytes >= 1024 * 1024 ? format(bytes / 1024 / 1024, 'MB') : format(Math.ceil(bytes / 1024), 'kB');
}

/**
 * The latest scheduled backups (issue 28) on the settings screen: per night whether it worked, how
 * large it was and where it is, or why it failed.
 */
export function BackupRuns() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'nl';
  const query = useQuery({
    queryKey: ['admin', 'backups', 'status'],
    queryFn: () => unwrap(api.GET('/api/backups/status')),
  });
  return (
    <Stack gap="xs" mt="xl" component="section" aria-labelledby="backup-runs-title">
      <Title order={2} size="h4" id="backup-runs-title">
        {t('adminSite.backups.runsTitle')}
      </Title>
      <QueryState query={query}>
        {(status) =>
          status.runs.length === 0 ? (
            <Text size="sm" c="dimmed" data-backup-runs="empty">
              {status.schedule === 'nightly' ? t('adminSite.backups.noneYet') : t('adminSite.backups.none')}
            </Text>
          ) : (
            <Stack component="ul" gap="xs" className="backup-runs" data-backup-runs="list">
              {status.runs.map((run) => (
                <li key={run.slot}>
                  <Text size="sm" fw={600} component="span">
                    {formatDay(run.slot, locale)}:{' '}
                  </Text>
                  <Text size="sm" component="span">
                    {run.result === null
                      ? t('adminSite.backups.running', { since: formatMoment(run.startedAt, locale) })
                      : run.result.ok
                        ? t('adminSite.backups.made', {
                            size: size(run.result.bytes, locale),
                            seconds: run.result.seconds.toLocaleString(locale === 'en' ? 'en-GB' : 'nl-NL'),
                            where: run.result.where,
                          })
                        : t('adminSite.backups.failed', { error: run.result.error })}
                  </Text>
                </li>
              ))}
            </Stack>
          )
        }
      </QueryState>
      <Text size="sm" c="dimmed">
        {t('adminSite.backups.onDemand')}
      </Text>
    </Stack>
  );
}
