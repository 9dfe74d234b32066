import {
  Alert,
  Box,
  Button,
  CopyButton,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useCallback, useEffect, useState } from 'react';
import { formatMoment } from '../../account/format';
import { errorMessage } from '../../account/tasks';
import { api, unwrap } from '../../api/client';
import { useTranslation } from '../../i18n';
import '../../i18n/editor';

/** The widths a content manager checks the draft at (issue 13): a phone and a desktop. */
const WIDTHS = [375, 1280] as const;
const FRAME_HEIGHT = 760;
/** How long a shared link works, in hours (the server allows 1 to 336). */
const DURATIONS = [1, 24, 168, 336] as const;

type Link = { url: string; expiresAt: string };

/**
 * "Voorbeeld en delen" (issue 13): the draft exactly as visitors will see it, at a phone's and a
 * desktop's width, through a preview link; the link can be copied and shared, and stops working
 * when it expires (then it shows the published page and says so).
 */
export default function PreviewDialog({
  pageGuid,
  opened,
  onClose,
}: {
  pageGuid: string;
  opened: boolean;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const [hours, setHours] = useState<number>(24);
  const [width, setWidth] = useState<(typeof WIDTHS)[number]>(1280);
  const [link, setLink] = useState<Link | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [isBusy, setBusy] = useState(false);
  const { ref: frameBox, width: boxWidth } = useElementSize();

  const makeLink = useCallback(
    async (forHours: number) => {
      setBusy(true);
      setFailure(null);
      try {
        setLink(
          await unwrap(
            api.POST('/api/pages/{id}/draft:preview', {
              params: { path: { id: pageGuid } },
              body: { hours: forHours },
            }),
          ),
        );
      } catch (error) {
        setFailure(error);
      } finally {
        setBusy(false);
      }
    },
    [pageGuid],
  );

  // The preview itself needs a link: one for the default time when the dialog opens.
  useEffect(() => {
    if (opened) void makeLink(24);
  }, [opened, makeLink]);

  const absolute = link ? new URL(link.url, window.location.origin).href : '';
  const scale = boxWidth > 0 ? Math.min(1, boxWidth / width) : 1;
  return (
    <Modal opened={opened} onClose={onClose} title={t('preview.title')} size="xl">
      <Stack gap="md">
        <Text size="sm">{t('preview.intro')}</Text>
        {failure ? (
          <Alert color="red" role="alert">
            {errorMessage(failure, t('preview.failed'))}
          </Alert>
        ) : null}
        <Stack gap="xs">
          <Group align="flex-end" gap="xs">
            <TextInput
              label={t('preview.link')}
              value={absolute}
              readOnly
              placeholder={isBusy ? t('table.loading') : ''}
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: 1, minWidth: 220 }}
            />
            <CopyButton value={absolute}>
              {({ copied, copy }) => (
                <Button
                  onClick={copy}
                  disabled={!link}
                  variant={copied ? 'light' : 'filled'}
                  aria-live="polite"
                >
                  {copied ? t('preview.copied') : t('preview.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group align="flex-end" gap="xs">
            <Select
              label={t('preview.duration')}
              data={DURATIONS.map((value) => ({
                value: String(value),
                label: t(`preview.durations.${value}`),
              }))}
              value={String(hours)}
              allowDeselect={false}
              onChange={(value) => value && setHours(Number(value))}
            />
            <Button variant="light" loading={isBusy} onClick={() => void makeLink(hours)}>
              {t('preview.newLink')}
            </Button>
          </Group>
          {link ? (
            <Text size="sm" c="dimmed" role="status">
              {t('preview.expires', { moment: formatMoment(link.expiresAt, i18n.language) })}
            </Text>
          ) : null}
        </Stack>
        <Stack gap="xs">
          <Group justify="space-between" align="center">
            <Text size="sm" fw={500} id="preview-width">
              {t('preview.width')}
            </Text>
            <SegmentedControl
              aria-labelledby="preview-width"
              value={String(width)}
              onChange={(value) => setWidth(Number(value) as (typeof WIDTHS)[number])}
              data={WIDTHS.map((value) => ({ value: String(value), label: t(`preview.widths.${value}`) }))}
            />
          </Group>
          <Box ref={frameBox} style={{ height: FRAME_HEIGHT * scale, overflow: 'hidden' }}>
            {link ? (
              <iframe
                src={link.url}
                title={t('preview.frame', { width })}
                data-preview-width={width}
                style={{
                  width,
                  height: FRAME_HEIGHT,
                  border: '1px solid var(--mantine-color-default-border)',
                  transform: `scale(${scale})`,
                  transformOrigin: 'top left',
                  display: 'block',
                  margin: scale === 1 ? '0 auto' : undefined,
                }}
              />
            ) : null}
          </Box>
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('buttons.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
