import { Button, Group, Modal, Text } from '@mantine/core';
import { useLayoutEffect, useState } from 'react';
import { useTranslation } from '../i18n';
import { useUnsavedChanges } from './edit/unsaved';
import '../i18n/account';

/**
 * The one way a drawer or dialog with input asks before it closes (issue 26: "nothing typed is ever
 * lost"): while `isDirty`, every way of closing it ("Sluit"/"Annuleer", the close button, Escape, a
 * click beside it) asks "Wijzigingen niet opgeslagen" first, with the focus on "Verder bewerken".
 * The input also counts as unsaved for leaving edit mode or the tab (`useUnsavedChanges`).
 *
 * Give `close` to the drawer's or modal's `onClose` and to its own cancel button, `closeOnEscape`
 * to the drawer or modal, and render `question` inside it.
 */
export function useCloseGuard(isDirty: boolean, onClose: () => void) {
  const { t } = useTranslation();
  const [isAsking, setAsking] = useState(false);
  useUnsavedChanges(isDirty);
  // The question opens after the key or click that asked for it: opened within Escape's own event,
  // it would hear that Escape too and close at once.
  const close = () => (isDirty ? window.setTimeout(() => setAsking(true)) : onClose());
  const question = (
    <Modal opened={isAsking} onClose={() => setAsking(false)} title={t('unsaved.title')} zIndex={400}>
      <Text size="sm">{t('unsaved.text')}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => setAsking(false)} data-autofocus>
          {t('unsaved.keep')}
        </Button>
        <Button
          color="red"
          onClick={() => {
            setAsking(false);
            onClose();
          }}
        >
          {t('unsaved.discard')}
        </Button>
      </Group>
    </Modal>
  );
  return { close, closeOnEscape: !isAsking, question };
}

/** Whether a form's values differ from those it opened with (plain data: JSON compares them). */
export function isChanged(values: unknown, initial: unknown): boolean {
  return JSON.stringify(values) !== JSON.stringify(initial);
}

/**
 * A form inside a guarded drawer or dialog tells its owner whether it holds unsaved input. Told in
 * a layout effect, so the owner has re-rendered with it before the browser handles the next key: an
 * Escape pressed right after typing asks first (from a passive effect the owner's update could wait
 * behind that key, and the dialog closed without asking). On unmount the form holds nothing.
 */
export function useReportDirty(isDirty: boolean, onDirtyChange: ((isDirty: boolean) => void) | undefined) {
  useLayoutEffect(() => {
    onDirtyChange?.(isDirty);
  }, [isDirty, onDirtyChange]);
  useLayoutEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);
}
