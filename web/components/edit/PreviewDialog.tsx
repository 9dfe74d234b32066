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
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { formatMoment } from '../../account/format';
import { errorMessage, useTask } from '../../account/tasks';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/schema';
import { useTranslation } from '../../i18n';
import '../../i18n/editor';

/** The widths a content manager checks the draft at (issue 13): a phone and a desktop. */
const WIDTHS = [375, 1280] as const;
const FRAME_HEIGHT = 760;
/** After the modal's focus return (10 ms after it closes) and its transition. */
const FOCUS_AFTER_CLOSE_MS = 250;
/** How long a shared link works, in hours (the server allows 1 to 336). */
const DURATIONS = [1, 24, 168, 336] as const;

type Link = components['schemas']['PreviewLink'];

/**
 * "Voorbeeld en delen" (issue 13): the draft exactly as visitors will see it, at a phone's and a
 * desktop's width, through a preview link; the link can be copied and shared, and stops working
 * when it expires (then it shows the published page and says so). The links that still work are
 * listed (when made, until when, by whom) and each can be revoked before it expires (issue 34).
 * The preview uses the newest link; a new one is made only when none works.
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
  /** The links that still work (null while loading). */
  const [links, setLinks] = useState<Link[] | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [isBusy, setBusy] = useState(false);
  /** While the revoke question is open, Escape closes only it (Mantine's modals all hear Escape). */
  const [isAsking, setAsking] = useState(false);
  const { ref: frameBox, width: boxWidth } = useElementSize();

  const loadLinks = useCallback(async () => {
    const found = await unwrap(
      api.GET('/api/pages/{id}/previewlinks', { params: { path: { id: pageGuid } } }),
    );
    setLinks(found);
    return found;
  }, [pageGuid]);

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
        await loadLinks();
      } catch (error) {
        setFailure(error);
      } finally {
        setBusy(false);
      }
    },
    [pageGuid, loadLinks],
  );

  // The preview itself needs a link: the newest that works, or one for the default time.
  useEffect(() => {
    if (!opened) return;
    let isCurrent = true;
    setLinks(null);
    loadLinks().then(
      (found) => {
        if (!isCurrent) return;
        if (found[0]) setLink(found[0]);
        else void makeLink(24);
      },
      (error: unknown) => isCurrent && setFailure(error),
    );
    return () => {
      isCurrent = false;
    };
  }, [opened, loadLinks, makeLink]);

  /** After a revoke: the list again, and the preview on the newest link left (or none). */
  const afterRevoke = async (revoked: string) => {
    const found = await loadLinks().catch(() => null);
    if (link?.guid === revoked) setLink(found?.[0] ?? null);
  };

  const absolute = link ? new URL(link.url, window.location.origin).href : '';
  const scale = boxWidth > 0 ? Math.min(1, boxWidth / width) : 1;
  return (
    <Modal opened={opened} onClose={onClose} title={t('preview.title')} size="xl" closeOnEscape={!isAsking}>
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
          <Text size="sm" c="dimmed" role="status">
            {link ? t('preview.expires', { moment: formatMoment(link.expiresAt, i18n.language) }) : ''}
          </Text>
        </Stack>
        <SharedLinks
          pageGuid={pageGuid}
          links={links}
          current={link?.guid}
          onRevoked={afterRevoke}
          onAsking={setAsking}
        />
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

/**
 * The links that still work, each with when it was made, until when it works and by whom, and a
 * button to revoke it (asked first). After a revoke the focus goes to the list's heading, as the
 * row and its button are gone; cancelling returns it to the button.
 */
function SharedLinks({
  pageGuid,
  links,
  current,
  onRevoked,
  onAsking,
}: {
  pageGuid: string;
  links: Link[] | null;
  current: string | undefined;
  onRevoked(guid: string): Promise<void>;
  onAsking(isAsking: boolean): void;
}) {
  const { t, i18n } = useTranslation();
  const run = useTask();
  const [asked, setAskedLink] = useState<Link | null>(null);
  const setAsked = (value: Link | null) => {
    setAskedLink(value);
    onAsking(value !== null);
  };
  const [isBusy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const moment = (value: string) => formatMoment(value, i18n.language);

  // Closing the question returns the focus to its button (the modal's own focus return).
  const cancel = () => setAsked(null);
  const revoke = async () => {
    if (!asked) return;
    const { guid } = asked;
    setBusy(true);
    const done = await run(t('preview.revokeTask'), async () => {
      await unwrap(
        api.DELETE('/api/pages/{id}/previewlinks/{linkId}', {
          params: { path: { id: pageGuid, linkId: guid } },
        }),
      );
      return true;
    });
    if (!done) {
      setBusy(false);
      setAsked(null);
      return;
    }
    setNotice(t('preview.revoked'));
    // The list without the link first: the question's focus return then finds its button gone,
    // and the focus goes to the list's heading once the question has closed.
    await onRevoked(guid);
    setBusy(false);
    setAsked(null);
    setTimeout(() => heading.current?.focus(), FOCUS_AFTER_CLOSE_MS);
  };

  return (
    <Stack gap="xs">
      <Title order={3} size="h5" id="preview-links" ref={heading} tabIndex={-1}>
        {t('preview.links')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('preview.linksIntro')}
      </Text>
      {links === null ? (
        <Text size="sm">{t('preview.linksLoading')}</Text>
      ) : links.length === 0 ? (
        <Text size="sm">{t('preview.noLinks')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table aria-labelledby="preview-links" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('preview.createdAt')}</Table.Th>
                <Table.Th scope="col">{t('preview.expiresAt')}</Table.Th>
                <Table.Th scope="col">{t('preview.createdBy')}</Table.Th>
                <Table.Th scope="col">
                  <span className="visually-hidden">{t('preview.revoke')}</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {links.map((item) => (
                <Table.Tr key={item.guid} data-link={item.guid}>
                  <Table.Td>
                    {moment(item.createdAt)}
                    {item.guid === current ? (
                      <Text span size="sm" c="dimmed">
                        {' '}
                        ({t('preview.current')})
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{moment(item.expiresAt)}</Table.Td>
                  <Table.Td>
                    {item.createdBy === null
                      ? t('revisions.system')
                      : item.createdBy.isRemoved
                        ? t('revisions.removedUser')
                        : item.createdBy.name}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="compact-sm"
                      variant="light"
                      color="red"
                      aria-label={t('preview.revokeOf', { moment: moment(item.createdAt) })}
                      onClick={() => {
                        setNotice('');
                        setAsked(item);
                      }}
                    >
                      {t('preview.revoke')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Text size="sm" role="status">
        {notice}
      </Text>
      <Modal opened={asked !== null} onClose={cancel} title={t('preview.revokeTitle')} size="md">
        <Text size="sm">{asked ? t('preview.revokeText', { moment: moment(asked.createdAt) }) : ''}</Text>
        <Group justify="flex-end" mt="md">
          {/* The focus starts on the harmless choice: a stray Enter revokes nothing. */}
          <Button variant="default" onClick={cancel} data-autofocus>
            {t('buttons.cancel')}
          </Button>
          {/* red.9: white on the theme's red shade would be just under 4.5:1 */}
          <Button color="red.9" loading={isBusy} onClick={() => void revoke()}>
            {t('preview.revoke')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
