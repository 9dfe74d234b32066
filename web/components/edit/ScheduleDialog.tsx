import { Alert, Button, Checkbox, Group, List, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type FormEvent, useEffect, useState } from 'react';
import { MAX_SCHEDULE_AHEAD_MS } from '../../../common/page-drafts';
import { formatMoment } from '../../account/format';
import { errorMessage, useTask } from '../../account/tasks';
import { api, unwrap } from '../../api/client';
import { useTranslation } from '../../i18n';
import { SiteDates, usePickerProps, useTimeProps } from '../dates';
import { draftQuery, type PageDraft, useDraft } from './draft';
import '../../i18n/dates';
import '../../i18n/editor';

type Action = 'publish' | 'unpublish';

/** The picker's value: local time, "YYYY-MM-DD HH:mm:ss" (Mantine's form). */
const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/**
 * "Publicatie plannen" (issue 13): publish the draft as it is now, or hide the page, at a moment
 * (the week starts on Monday, the clock has 24 hours); the pending ones are listed and can be
 * cancelled. A schedule runs once, within a minute of its moment, on whichever node claims it.
 */
export default function ScheduleDialog({
  pageGuid,
  opened,
  onClose,
  onChanged,
}: {
  pageGuid: string;
  opened: boolean;
  onClose(): void;
  onChanged(): void;
}) {
  const { t } = useTranslation();
  const { draft, error } = useDraft(pageGuid);
  const queryClient = useQueryClient();
  // What is pending as others left it: the draft (with its schedules) afresh when the dialog opens.
  useEffect(() => {
    if (opened) void queryClient.invalidateQueries({ queryKey: draftQuery(pageGuid).queryKey });
  }, [opened, pageGuid, queryClient]);
  return (
    <Modal opened={opened} onClose={onClose} title={t('schedule.title')} size="lg">
      {error ? (
        <Alert color="red" role="alert">
          {errorMessage(error, t('edit.loadFailed'))}
        </Alert>
      ) : draft ? (
        <Stack gap="lg">
          <PendingSchedules pageGuid={pageGuid} draft={draft} onChanged={onChanged} />
          <ScheduleForm pageGuid={pageGuid} draft={draft} onClose={onClose} onChanged={onChanged} />
        </Stack>
      ) : (
        <Text size="sm">{t('table.loading')}</Text>
      )}
    </Modal>
  );
}

function PendingSchedules({
  pageGuid,
  draft,
  onChanged,
}: {
  pageGuid: string;
  draft: PageDraft;
  onChanged(): void;
}) {
  const { t, i18n } = useTranslation();
  const run = useTask();
  const { reload } = useDraft(pageGuid);
  const [busyGuid, setBusyGuid] = useState<string | null>(null);

  async function cancel(scheduleId: string) {
    setBusyGuid(scheduleId);
    await run(t('schedule.cancelTask'), () =>
      unwrap(
        api.DELETE('/api/pages/{id}/schedules/{scheduleId}', {
          params: { path: { id: pageGuid, scheduleId } },
        }),
      ),
    );
    await reload();
    setBusyGuid(null);
    onChanged();
  }

  return (
    <Stack gap="xs">
      <Text fw={600} id="schedule-pending">
        {t('schedule.pending')}
      </Text>
      {draft.schedules.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('schedule.none')}
        </Text>
      ) : (
        <List spacing="xs" aria-labelledby="schedule-pending">
          {draft.schedules.map((schedule) => {
            const what = t(`schedule.pendingItem.${schedule.action}`, {
              moment: formatMoment(schedule.at, i18n.language),
            });
            return (
              <List.Item key={schedule.guid}>
                <Group gap="xs" justify="space-between" wrap="nowrap">
                  <Text size="sm">
                    {what}
                    {schedule.createdBy?.name ? (
                      <Text span size="sm" c="dimmed">
                        {' '}
                        {t('schedule.by', { name: schedule.createdBy.name })}
                      </Text>
                    ) : null}
                  </Text>
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    loading={busyGuid === schedule.guid}
                    onClick={() => void cancel(schedule.guid)}
                    aria-label={t('schedule.cancelOf', { what })}
                  >
                    {t('schedule.cancel')}
                  </Button>
                </Group>
              </List.Item>
            );
          })}
        </List>
      )}
    </Stack>
  );
}

function ScheduleForm({
  pageGuid,
  draft,
  onClose,
  onChanged,
}: {
  pageGuid: string;
  draft: PageDraft;
  onClose(): void;
  onChanged(): void;
}) {
  const { t, i18n } = useTranslation();
  const picker = usePickerProps();
  const time = useTimeProps();
  const run = useTask();
  const { current, reload } = useDraft(pageGuid);
  const [action, setAction] = useState<Action>('publish');
  const [at, setAt] = useState<string | null>(null);
  const [isAccepted, setAccepted] = useState(false);
  const [isSubmitted, setSubmitted] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const findings = action === 'publish' ? draft.findings.length : 0;
  const moment = at ? dayjs(at) : null;
  const momentError = !moment
    ? t('auth.required')
    : moment.valueOf() <= Date.now() || moment.valueOf() > Date.now() + MAX_SCHEDULE_AHEAD_MS
      ? t('validation.scheduleMoment')
      : null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (momentError || !moment || (findings > 0 && !isAccepted)) return;
    setBusy(true);
    setFailure(null);
    const scheduled = await run(t('schedule.task'), async () => {
      try {
        const base = await current();
        return await unwrap(
          api.POST('/api/pages/{id}/schedules', {
            params: { path: { id: pageGuid } },
            body: {
              version: base.version,
              revision: base.revision,
              acceptFindings: isAccepted,
              action,
              at: moment.toISOString(),
            },
          }),
        );
      } catch (error) {
        setFailure(error);
        throw error;
      }
    });
    await reload();
    setBusy(false);
    if (scheduled) {
      onChanged();
      onClose();
    }
  }

  const now = new Date();
  return (
    <SiteDates language={i18n.language}>
      <form onSubmit={submit} noValidate aria-labelledby="schedule-new">
        <Stack gap="sm">
          <Text fw={600} id="schedule-new">
            {t('schedule.new')}
          </Text>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="schedule-action">
              {t('schedule.action')}
            </Text>
            <SegmentedControl
              aria-labelledby="schedule-action"
              value={action}
              onChange={(value) => setAction(value as Action)}
              data={[
                { value: 'publish', label: t('schedule.actions.publish') },
                { value: 'unpublish', label: t('schedule.actions.unpublish') },
              ]}
            />
            <Text size="sm" c="dimmed">
              {t(`schedule.explain.${action}`)}
            </Text>
          </Stack>
          <DateTimePicker
            {...picker('at')}
            placeholder={t('dates.choose')}
            label={t('schedule.at')}
            description={t('schedule.atHint')}
            required
            value={at}
            valueFormat="DD-MM-YYYY HH:mm"
            {...time}
            minDate={dayjs(now).format(PICKER_FORMAT)}
            maxDate={dayjs(now.getTime() + MAX_SCHEDULE_AHEAD_MS).format(PICKER_FORMAT)}
            error={isSubmitted ? momentError : null}
            onChange={(value) => setAt(value)}
            data-autofocus
          />
          {findings > 0 ? (
            <Alert color="orange" title={t('publish.findings', { count: findings })}>
              <Stack gap="xs">
                <Text size="sm">{t('schedule.findingsHint')}</Text>
                <Checkbox
                  label={t('publish.accept')}
                  checked={isAccepted}
                  error={isSubmitted && !isAccepted ? t('schedule.acceptRequired') : null}
                  onChange={(event) => setAccepted(event.currentTarget.checked)}
                />
              </Stack>
            </Alert>
          ) : null}
          {failure ? (
            <Alert color="red" role="alert">
              {errorMessage(failure, t('schedule.failed'))}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('buttons.cancel')}
            </Button>
            <Button type="submit" loading={isBusy}>
              {t('schedule.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SiteDates>
  );
}
