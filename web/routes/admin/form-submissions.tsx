import { Anchor, Badge, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatMoment } from '../../account/format';
import { accountMeta } from '../../account/meta';
import { useTask } from '../../account/tasks';
import { QueryState } from '../../components/account/QueryState';
import { AdminPage } from '../../components/admin/AdminPage';
import { type Column, DataTable } from '../../components/admin/DataTable';
import { CsvExport } from '../../components/admin/forms/results/CsvExport';
import { DeleteSubmissionsDialog } from '../../components/admin/forms/results/DeleteSubmissionsDialog';
import {
  deleteSubmissions,
  FORMS_KEY,
  formResultsQueries,
  markSubmissions,
  type ResultsForm,
  type SubmissionRow,
  type SubmissionSortKey,
} from '../../components/admin/forms/results/queries';
import { SelectionToolbar } from '../../components/admin/forms/results/SelectionToolbar';
import { SubmissionFilters } from '../../components/admin/forms/results/SubmissionFilters';
import { useResultFilters } from '../../components/admin/forms/results/url-filters';
import { VersionLinks } from '../../components/admin/forms/results/VersionLinks';
import { focusHeadingAfterDialog, useAccessGuard } from '../../components/admin/queries';
import { useTableState } from '../../components/admin/table-state';
import { useTranslation } from '../../i18n';
import type { Route } from './+types/form-submissions';
import '../../components/admin/forms/results/results.css';
import '../../i18n/form-results';

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, 'formResults.submissions.metaTitle');
}

/**
 * `admin/forms/{guid}` (issue 11): a form's submissions, server-paged, searchable in the answers,
 * filtered by version, days and handled state; select rows to mark them handled or delete them;
 * each row opens the submission. Beside it the CSV export of a version and the versions' dashboards.
 */
export default function FormSubmissionsPage({ params }: Route.ComponentProps) {
  const { guid } = params;
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const queryClient = useQueryClient();
  const run = useTask();
  const table = useTableState<SubmissionSortKey>({
    sortKeys: ['createdAt', 'version', 'handled'],
    defaultSort: 'createdAt',
    defaultDirection: 'desc',
  });
  const { filters, update, isFiltered } = useResultFilters();
  const form = useQuery(formResultsQueries.form(guid));
  const submissions = useQuery({
    ...formResultsQueries.submissions(guid, { ...table.query, ...filters }),
    placeholderData: keepPreviousData,
  });
  useAccessGuard(form.error ?? submissions.error);

  const rows = submissions.data?.items;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // Only rows on screen stay selected: a new page, sort or filter leaves the others out.
  useEffect(() => {
    const visible = new Set((rows ?? []).map((row) => row.guid));
    setSelected((current) => {
      const kept = [...current].filter((key) => visible.has(key));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [rows]);
  const [isBusy, setBusy] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const opener = useRef<HTMLElement | null>(null);

  const invalidate = () => queryClient.invalidateQueries({ queryKey: FORMS_KEY });
  const toggle = (key: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const visibleRows = rows ?? [];
  const selectedOnPage = visibleRows.filter((row) => selected.has(row.guid)).length;
  const isAllSelected = visibleRows.length > 0 && selectedOnPage === visibleRows.length;

  async function mark(handled: boolean) {
    setBusy(true);
    const guids = [...selected];
    await run(t(handled ? 'formResults.tasks.markHandled' : 'formResults.tasks.markNotHandled'), () =>
      markSubmissions(guid, guids, handled),
    );
    await invalidate();
    setBusy(false);
  }

  async function remove() {
    setBusy(true);
    const guids = [...selected];
    const done = await run(t('formResults.tasks.delete'), () => deleteSubmissions(guid, guids));
    setBusy(false);
    setConfirming(false);
    if (done !== undefined) {
      setSelected(new Set());
      await invalidate();
      // The rows and their checkboxes are gone: the screen's heading takes the focus.
      focusHeadingAfterDialog();
    } else {
      requestAnimationFrame(() => opener.current?.focus());
    }
  }

  const title = form.data
    ? t('formResults.submissions.title', { title: form.data.title })
    : t('formResults.submissions.metaTitle');

  const columns: Column<SubmissionRow, SubmissionSortKey>[] = [
    {
      key: 'select',
      header: (
        <Checkbox
          aria-label={t('formResults.selection.all')}
          checked={isAllSelected}
          indeterminate={selectedOnPage > 0 && !isAllSelected}
          disabled={visibleRows.length === 0}
          onChange={() =>
            setSelected(isAllSelected ? new Set() : new Set(visibleRows.map((row) => row.guid)))
          }
        />
      ),
      render: (row) => (
        <Checkbox
          aria-label={t('formResults.selection.one', { time: formatMoment(row.createdAt, locale) })}
          checked={selected.has(row.guid)}
          onChange={() => toggle(row.guid)}
        />
      ),
    },
    {
      key: 'createdAt',
      header: t('formResults.columns.createdAt'),
      sortKey: 'createdAt',
      isRowHeader: true,
      render: (row) => (
        <Anchor component={Link} to={`/admin/forms/${guid}/${row.guid}`} style={{ whiteSpace: 'nowrap' }}>
          {formatMoment(row.createdAt, locale)}
        </Anchor>
      ),
    },
    {
      key: 'version',
      header: t('formResults.columns.version'),
      sortKey: 'version',
      render: (row) => row.version,
    },
    {
      key: 'handled',
      header: t('formResults.columns.handled'),
      sortKey: 'handled',
      render: (row) => <HandledBadge handledAt={row.handledAt} />,
    },
    {
      key: 'submitter',
      header: t('formResults.columns.submitter'),
      visibleFrom: 'md',
      render: (row) => t(row.isAnonymous ? 'formResults.common.anonymous' : 'formResults.common.withAccount'),
    },
    {
      key: 'answers',
      header: t('formResults.columns.answers'),
      render: (row) =>
        row.preview.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('formResults.common.noAnswers')}
          </Text>
        ) : (
          <Stack gap={2}>
            {row.preview.map((answer) => (
              <Text key={answer.label} size="sm" lineClamp={2} style={{ wordBreak: 'break-word' }}>
                <Text span size="sm" fw={600}>
                  {answer.label}:
                </Text>{' '}
                {answer.text}
              </Text>
            ))}
          </Stack>
        ),
    },
  ];

  return (
    <div className="form-results">
      <AdminPage
        title={title}
        description={t('formResults.submissions.description')}
        actions={
          form.data?.abilities.update ? (
            <Button component={Link} to={`/admin/forms/view/${guid}`} variant="default">
              {t('formResults.common.editForm')}
            </Button>
          ) : null
        }
      >
        <Anchor component={Link} to="/admin/forms" size="sm" style={{ alignSelf: 'flex-start' }}>
          {t('formResults.common.allForms')}
        </Anchor>
        <QueryState query={form}>
          {(data) => (
            <>
              <VersionLinks
                guid={guid}
                versions={data.versions}
                label={t('formResults.submissions.dashboards')}
              />
              <SubmissionFilters
                filters={filters}
                versions={data.versions.map((entry) => entry.version)}
                onChange={update}
                isFiltered={isFiltered}
              />
              <DataTable
                caption={t('formResults.submissions.caption', { title: data.title })}
                columns={columns}
                rowKey={(row) => row.guid}
                query={submissions}
                table={table}
                searchLabel={t('formResults.submissions.search')}
                minWidth={640}
                toolbar={
                  <SelectionToolbar
                    count={selected.size}
                    isBusy={isBusy}
                    onMark={(handled) => void mark(handled)}
                    onDelete={(element) => {
                      opener.current = element;
                      setConfirming(true);
                    }}
                  />
                }
                empty={
                  isFiltered ? (
                    <Text>{t('formResults.submissions.noMatches')}</Text>
                  ) : (
                    <NoSubmissions form={data} />
                  )
                }
              />
              <CsvExport guid={guid} versions={data.versions} />
            </>
          )}
        </QueryState>
        <DeleteSubmissionsDialog
          count={selected.size}
          isOpen={isConfirming}
          isBusy={isBusy}
          onCancel={() => {
            setConfirming(false);
            requestAnimationFrame(() => opener.current?.focus());
          }}
          onConfirm={() => void remove()}
        />
      </AdminPage>
    </div>
  );
}

function HandledBadge({ handledAt }: { handledAt: string | null }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={handledAt ? 'green' : 'gray'}
      tt="none"
      miw="max-content"
      styles={{ label: { overflow: 'visible' } }}
    >
      {t(handledAt ? 'formResults.common.handled' : 'formResults.common.notHandled')}
    </Badge>
  );
}

/** No submission at all yet: how they come in, and where the form is placed already. */
function NoSubmissions({ form }: { form: ResultsForm }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text>
        {form.currentVersion === null
          ? t('formResults.submissions.emptyUnpublished')
          : t('formResults.submissions.empty')}
      </Text>
      {form.placements.length > 0 ? (
        <Group gap="xs">
          <Text size="sm">{t('formResults.submissions.placedOn')}</Text>
          {form.placements.map((page) => (
            <Anchor key={page.guid} component={Link} to={`/${page.name}`} size="sm">
              {page.name}
            </Anchor>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}
