import { Alert, Button, Group, NativeSelect, Paper, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../../account/tasks';
import { useTranslation } from '../../../../i18n';
import { formatNumber } from '../../statistics/format';
import { type CsvProgress, fetchCsv, saveFile } from './csv-download';
import '../../../../i18n/form-results';

type ExportState =
  | { status: 'idle' }
  | { status: 'busy'; progress: CsvProgress }
  | { status: 'done'; rows: number; fileName: string }
  | { status: 'error'; message: string };

/**
 * The CSV export of one version: the file is streamed in, with a progress bar of the rows received
 * against the number the server announced, and then offered as a download (the bytes untouched:
 * UTF-8 with a BOM, so spreadsheets read é and ü).
 */
export function CsvExport({
  guid,
  versions,
}: {
  guid: string;
  versions: { version: number; submissionCount: number }[];
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const headingId = useId();
  const newest = versions.at(-1)?.version;
  const [chosen, setChosen] = useState(newest ? String(newest) : '');
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  const abort = useRef<AbortController | null>(null);
  // Leaving the screen stops a download that is still coming in.
  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    if (chosen === '' && newest) setChosen(String(newest));
  }, [chosen, newest]);

  async function start() {
    const version = Number(chosen);
    if (!version) return;
    // x-total-count counts the whole form's submissions; this version's own count (as the form was
    // loaded) is the closer bound when it is smaller.
    const versionCount = versions.find((entry) => entry.version === version)?.submissionCount;
    const bounded = (progress: CsvProgress): CsvProgress => ({
      ...progress,
      total:
        progress.total === null || versionCount === undefined
          ? progress.total
          : Math.min(progress.total, versionCount),
    });
    const controller = new AbortController();
    abort.current = controller;
    setState({ status: 'busy', progress: { rows: 0, total: null } });
    try {
      const file = await fetchCsv(`/api/forms/${guid}/versions/${version}/export`, {
        signal: controller.signal,
        fallbackName: `form-v${version}.csv`,
        onProgress: (progress) => setState({ status: 'busy', progress: bounded(progress) }),
      });
      saveFile(file.blob, file.fileName);
      setState({ status: 'done', rows: file.rows, fileName: file.fileName });
    } catch (error) {
      if (controller.signal.aborted) setState({ status: 'idle' });
      else setState({ status: 'error', message: errorMessage(error, t('formResults.export.failed')) });
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  }

  const isBusy = state.status === 'busy';
  const progress = state.status === 'busy' ? state.progress : null;
  // The announced total counts what the server knew when it began: never show more than 100%.
  const percent = progress?.total
    ? Math.min(100, Math.round((progress.rows / progress.total) * 100))
    : isBusy
      ? 100
      : 0;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Text component="h2" id={headingId} fw={600} size="lg">
          {t('formResults.export.title')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('formResults.export.description')}
        </Text>
        {versions.length === 0 ? (
          <Text size="sm">{t('formResults.export.noVersions')}</Text>
        ) : (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <NativeSelect
              label={t('formResults.export.version')}
              value={chosen}
              onChange={(event) => setChosen(event.currentTarget.value)}
              disabled={isBusy}
              data={[...versions].reverse().map((entry) => ({
                value: String(entry.version),
                label: t('formResults.common.versionWithCount', {
                  version: entry.version,
                  count: entry.submissionCount,
                }),
              }))}
              w={{ base: '100%', xs: 260 }}
            />
            <Button onClick={() => void start()} loading={isBusy} disabled={chosen === ''}>
              {t('formResults.export.download')}
            </Button>
            {isBusy ? (
              <Button variant="default" onClick={() => abort.current?.abort()}>
                {t('buttons.cancel')}
              </Button>
            ) : null}
          </Group>
        )}
        {progress ? (
          <Stack gap={4}>
            <Progress
              value={percent}
              animated={progress.total === null}
              striped={progress.total === null}
              aria-label={t('formResults.export.progressLabel')}
            />
            <Text size="sm" c="dimmed">
              {progress.total === null
                ? t('formResults.export.receivedRows', { rows: formatNumber(progress.rows, locale) })
                : t('formResults.export.progress', {
                    rows: formatNumber(Math.min(progress.rows, progress.total), locale),
                    total: formatNumber(progress.total, locale),
                  })}
            </Text>
          </Stack>
        ) : null}
        <div role="status">
          {state.status === 'done' ? (
            <Text size="sm" data-testid="export-done">
              {t('formResults.export.done', {
                count: state.rows,
                rows: formatNumber(state.rows, locale),
                file: state.fileName,
              })}
            </Text>
          ) : null}
        </div>
        {state.status === 'error' ? (
          <Alert color="red" role="alert" title={t('formResults.export.failedTitle')}>
            {state.message}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
