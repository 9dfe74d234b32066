import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { ApiError } from '../api/client';
import { useTranslation } from '../i18n';
import { errorMessage } from './error-message';
import { useNotificationCloseMs } from './viewer';
import '../i18n/account';

/** SPEC 9: the busy notice appears only when a task takes longer than this. */
export const BUSY_NOTICE_DELAY_MS = 1000;

let nextId = 0;

// In a module of its own, so public views (lists) use it without the notices' code.
export { errorMessage };

/** What a task may offer besides retry (SPEC 4: undo for save). */
export type TaskOptions<T> = {
  /** Takes the change back; the done notice offers it (as a task of its own). */
  undo?: ((result: T) => Promise<unknown>) | undefined;
};

/**
 * Runs a save with SPEC 4 feedback: a busy notice after 1 s, a done notice for the user's
 * notificationClose seconds (with an undo action when the task has one), and a failure notice with
 * a retry action. Resolves to the result, or undefined when it failed (the failure is shown and
 * logged).
 */
export function useTask() {
  const { t } = useTranslation();
  const closeMs = useNotificationCloseMs();
  const run = useCallback(
    async function runTask<T>(
      label: string,
      work: () => Promise<T>,
      options: TaskOptions<T> = {},
    ): Promise<T | undefined> {
      nextId += 1;
      const id = `task-${nextId}`;
      const busy = setTimeout(() => {
        notifications.show({
          id,
          loading: true,
          title: label,
          message: t('tasks.busy'),
          autoClose: false,
          withCloseButton: false,
        });
      }, BUSY_NOTICE_DELAY_MS);
      try {
        const result = await work();
        clearTimeout(busy);
        notifications.hide(id);
        const undo = options.undo;
        const doneId = `${id}-done`;
        notifications.show({
          id: doneId,
          title: label,
          color: 'green',
          autoClose: closeMs,
          message: undo ? (
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <Text size="sm">{t('tasks.done')}</Text>
              <Button
                size="compact-sm"
                variant="light"
                color="green"
                onClick={() => {
                  notifications.hide(doneId);
                  void runTask(t('tasks.undoTask', { task: label }), () => undo(result));
                }}
              >
                {t('tasks.undo')}
              </Button>
            </Group>
          ) : (
            t('tasks.done')
          ),
        });
        return result;
      } catch (error) {
        clearTimeout(busy);
        notifications.hide(id);
        // A refusal (4xx) is an answer the notice gives the user; anything else is a fault to log.
        if (!(error instanceof ApiError && error.status >= 400 && error.status < 500)) {
          console.error(`[task] ${label} failed:`, error);
        }
        const failedId = `${id}-failed`;
        notifications.show({
          id: failedId,
          title: t('tasks.failed', { task: label }),
          color: 'red',
          autoClose: false,
          message: (
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <Text size="sm">{errorMessage(error, t('tasks.failedText'))}</Text>
              <Button
                size="compact-sm"
                variant="light"
                color="red"
                onClick={() => {
                  notifications.hide(failedId);
                  void runTask(label, work, options);
                }}
              >
                {t('tasks.retry')}
              </Button>
            </Group>
          ),
        });
        return undefined;
      }
    },
    [t, closeMs],
  );
  return run;
}
