import { Anchor, Group, Text } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../../i18n';
import '../../../../i18n/form-results';

/** Links to the dashboard of each published version, newest first; the current one is marked. */
export function VersionLinks({
  guid,
  versions,
  current,
  label,
  search = '',
}: {
  guid: string;
  versions: { version: number; submissionCount: number }[];
  current?: number | undefined;
  label: string;
  /** Kept on every link (a dashboard's day range). */
  search?: string;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  if (versions.length === 0) return null;
  return (
    <nav aria-labelledby={labelId}>
      <Group gap="xs" wrap="wrap" align="baseline">
        <Text id={labelId} size="sm" fw={600}>
          {label}
        </Text>
        {[...versions].reverse().map((entry) => {
          const isCurrent = entry.version === current;
          return (
            <Anchor
              key={entry.version}
              component={Link}
              to={`/admin/forms/${guid}/${entry.version}/dashboard${search}`}
              size="sm"
              aria-current={isCurrent ? 'page' : undefined}
              fw={isCurrent ? 700 : undefined}
            >
              {t('formResults.common.versionWithCount', {
                version: entry.version,
                count: entry.submissionCount,
              })}
            </Anchor>
          );
        })}
      </Group>
    </nav>
  );
}
