import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatMoment } from '../../account/format';
import { accountMeta } from '../../account/meta';
import { useTask } from '../../account/tasks';
import { QueryState } from '../../components/account/QueryState';
import { AdminPage } from '../../components/admin/AdminPage';
import { DeleteSubmissionsDialog } from '../../components/admin/forms/results/DeleteSubmissionsDialog';
import {
  deleteSubmissions,
  FORMS_KEY,
  formResultsQueries,
  markSubmissions,
  type Submission,
} from '../../components/admin/forms/results/queries';
import { focusHeadingAfterDialog, useAccessGuard } from '../../components/admin/queries';
import { SubmissionFileLink } from '../../components/SubmissionFileLink';
import { useTranslation } from '../../i18n';
import type { Route } from './+types/form-submission';
import '../../components/admin/forms/results/results.css';
import '../../i18n/form-results';

export function meta({ matches }: Route.MetaArgs) {
  return accountMeta(matches, 'formResults.submission.metaTitle');
}

/**
 * `admin/forms/{guid}/{submissionGuid}` (issue 11): one submission with every question of the
 * version it answered, labelled as that version asked it; mark it handled or not, or delete it.
 */
export default function FormSubmissionPage({ params }: Route.ComponentProps) {
  const { guid, submissionGuid } = params;
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const run = useTask();
  const query = useQuery(formResultsQueries.submission(guid, submissionGuid));
  useAccessGuard(query.error);
  const [isBusy, setBusy] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const listPath = `/admin/forms/${guid}`;

  async function mark(submission: Submission) {
    const handled = submission.handledAt === null;
    setBusy(true);
    await run(t(handled ? 'formResults.tasks.markHandled' : 'formResults.tasks.markNotHandled'), () =>
      markSubmissions(guid, [submission.guid], handled),
    );
    await queryClient.invalidateQueries({ queryKey: FORMS_KEY });
    setBusy(false);
  }

  async function remove() {
    setBusy(true);
    const done = await run(t('formResults.tasks.delete'), () => deleteSubmissions(guid, [submissionGuid]));
    setBusy(false);
    setConfirming(false);
    if (done === undefined) {
      requestAnimationFrame(() => deleteButton.current?.focus());
      return;
    }
    // Everything else of the form is refreshed; the deleted submission is not asked for again (404).
    const gone = formResultsQueries.submission(guid, submissionGuid).queryKey;
    void queryClient.invalidateQueries({
      queryKey: FORMS_KEY,
      predicate: (query) => query.queryKey.join('/') !== gone.join('/'),
    });
    await navigate(listPath);
    // The list's heading, once the dialog's closing transition no longer hands the focus back.
    focusHeadingAfterDialog();
  }

  const title = query.data
    ? t('formResults.submission.title', { title: query.data.formTitle })
    : t('formResults.submission.metaTitle');

  return (
    <div className="form-results">
      <AdminPage title={title}>
        <Anchor component={Link} to={listPath} size="sm" style={{ alignSelf: 'flex-start' }}>
          {t('formResults.submission.back')}
        </Anchor>
        <QueryState query={query}>
          {(submission) => (
            <Stack gap="lg">
              <Paper withBorder p="md" radius="md">
                <Stack gap="md">
                  <dl style={{ margin: 0 }}>
                    <Fact label={t('formResults.submission.createdAt')}>
                      {formatMoment(submission.createdAt, locale)}
                    </Fact>
                    <Fact label={t('formResults.submission.version')}>
                      <Anchor component={Link} to={`/admin/forms/${guid}/${submission.version}/dashboard`}>
                        {t('formResults.common.version', { version: submission.version })}
                      </Anchor>
                    </Fact>
                    <Fact label={t('formResults.submission.status')}>
                      <Badge variant="light" color={submission.handledAt ? 'green' : 'gray'} tt="none">
                        {t(
                          submission.handledAt
                            ? 'formResults.common.handled'
                            : 'formResults.common.notHandled',
                        )}
                      </Badge>
                      {submission.handledAt ? (
                        <Text span size="sm" c="dimmed" ml="xs">
                          {t('formResults.submission.handledAt', {
                            time: formatMoment(submission.handledAt, locale),
                          })}
                        </Text>
                      ) : null}
                    </Fact>
                    <Fact label={t('formResults.submission.submitter')}>
                      {t(
                        submission.isAnonymous
                          ? 'formResults.common.anonymous'
                          : 'formResults.common.withAccount',
                      )}
                    </Fact>
                    <Fact label={t('formResults.submission.language')}>
                      {t(`formResults.submission.languages.${submission.locale}`)}
                    </Fact>
                    {submission.listItem ? (
                      <Fact label={t('formResults.submission.listItem')}>
                        {submission.listItem.url ? (
                          <Anchor component={Link} to={submission.listItem.url}>
                            {submission.listItem.title}
                          </Anchor>
                        ) : (
                          submission.listItem.title
                        )}
                        <Badge
                          variant="light"
                          color={submission.listItem.isPublished ? 'green' : 'gray'}
                          tt="none"
                          ml="xs"
                        >
                          {t(
                            submission.listItem.isPublished
                              ? 'formResults.submission.listItemPublished'
                              : 'formResults.submission.listItemUnpublished',
                          )}
                        </Badge>
                      </Fact>
                    ) : null}
                  </dl>
                  <Group gap="sm" wrap="wrap">
                    <Button variant="light" loading={isBusy} onClick={() => void mark(submission)}>
                      {t(
                        submission.handledAt
                          ? 'formResults.selection.markNotHandled'
                          : 'formResults.selection.markHandled',
                      )}
                    </Button>
                    {submission.abilities.delete ? (
                      <Button
                        ref={deleteButton}
                        variant="default"
                        color="red"
                        disabled={isBusy}
                        onClick={() => setConfirming(true)}
                      >
                        {t('formResults.submission.delete')}
                      </Button>
                    ) : null}
                  </Group>
                </Stack>
              </Paper>
              <Paper withBorder p="md" radius="md" component="section" aria-labelledby="submission-answers">
                <Text component="h2" id="submission-answers" fw={600} size="lg" mb="sm">
                  {t('formResults.submission.answers')}
                </Text>
                {submission.answers.length === 0 ? (
                  <Text c="dimmed">{t('formResults.submission.noQuestions')}</Text>
                ) : (
                  <dl style={{ margin: 0 }}>
                    {submission.answers.map((answer) => (
                      <div key={answer.key} style={{ marginBottom: 12 }}>
                        <Text component="dt" fw={600}>
                          {answer.label}
                        </Text>
                        <Text
                          component="dd"
                          m={0}
                          c={answer.text === '' ? 'dimmed' : undefined}
                          style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
                        >
                          {answer.text === '' ? (
                            t('formResults.common.empty')
                          ) : answer.kind === 'file' ? (
                            <SubmissionFileLink submissionGuid={submission.guid} answer={answer} />
                          ) : (
                            answer.text
                          )}
                        </Text>
                      </div>
                    ))}
                  </dl>
                )}
              </Paper>
            </Stack>
          )}
        </QueryState>
        <DeleteSubmissionsDialog
          count={1}
          isOpen={isConfirming}
          isBusy={isBusy}
          onCancel={() => {
            setConfirming(false);
            requestAnimationFrame(() => deleteButton.current?.focus());
          }}
          onConfirm={() => void remove()}
        />
      </AdminPage>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" align="baseline" wrap="wrap" mb={6}>
      <Text component="dt" fw={600} size="sm" miw={160}>
        {label}
      </Text>
      <Text component="dd" m={0} size="sm">
        {children}
      </Text>
    </Group>
  );
}
